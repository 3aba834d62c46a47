/// A rule one field of an order request broke, at its JSON Pointer into the request body.
public struct OrderFieldFailure: Equatable, Sendable {
    /// The rules; the Presenter words each for its pointer ("Product must be entered").
    public enum Rule: String, Sendable {
        /// A mandatory field is missing or empty.
        case required
        case invalidEmail
        /// A name or the email with a code point that hides or reorders text (`VisibleText`).
        case invisibleCharacters
        /// An email whose domain is not ASCII (`EmailRule`).
        case nonASCIIDomain
        /// `items` is there but has no line.
        case noItems
        /// More lines than `OrderPolicy.maximumLines`.
        case tooManyLines
        /// No product has this id.
        case unknownProduct
        /// Below 1 or above `OrderPolicy.maximumQuantity`.
        case quantityOutOfRange
        /// Lines of one product add up to more than `OrderPolicy.maximumQuantity`; on each such line.
        case combinedQuantityOutOfRange
        /// `shipmentAddress` and `shipToContactId` were both given.
        case conflictingShipmentAddress
        /// The contact named by `shipToContactId` lacks a mandatory address part.
        case contactAddressIncomplete
        /// The order's total would not fit the money type.
        case totalTooLarge
    }

    /// RFC 6901, from the body's root: `/items/1/productId`.
    public let pointer: String
    public let rule: Rule

    public init(pointer: String, rule: Rule) {
        self.pointer = pointer
        self.rule = rule
    }
}
