/// Every `code` an entry of a problem's `errors` can carry: what is wrong with one input.
///
/// Like `ProblemCode`, tabled in `docs/API.md` and listed in `openapi.json` (the `FieldError`
/// schema's `x-codes`); `ProblemCodeTableTests` keeps the three in step.
public enum FieldErrorCode: String, Sendable, CaseIterable, Encodable, CustomStringConvertible {
    /// A value that must be entered is missing or blank.
    case required
    /// A value of the wrong JSON type.
    case invalidType = "invalid_type"
    /// A value that does not have the expected form (a date, a number, an amount).
    case invalidFormat = "invalid_format"
    /// A value outside the accepted set or range (a limit, a sort, a status).
    case invalidValue = "invalid_value"
    /// An id this server did not give out.
    case invalidID = "invalid_id"
    /// A cursor this server did not give out, or one of another sort.
    case invalidCursor = "invalid_cursor"
    /// Text longer than its limit.
    case tooLong = "too_long"
    /// Text with control characters.
    case invalidCharacters = "invalid_characters"
    /// Not an email address.
    case invalidEmail = "invalid_email"
    /// A name or an email with a code point that shows nothing or reorders what is shown.
    case invisibleCharacters = "invisible_characters"
    /// An email whose domain is not ASCII (an internationalized one goes in its `xn--` form).
    case nonASCIIDomain = "non_ascii_domain"
    /// A password shorter than the minimum.
    case weakPassword = "weak_password"
    /// A current password that is not the account's.
    case wrongPassword = "wrong_password"
    /// A currency that is not an ISO 4217 code.
    case unknownCurrency = "unknown_currency"
    /// `If-Match` is not `*` or entity tags of this server.
    case invalidIfMatch = "invalid_if_match"
    /// `Idempotency-Key` is not 1 to 255 visible ASCII characters.
    case invalidIdempotencyKey = "invalid_idempotency_key"
    /// The body is empty or not JSON (at pointer `""`).
    case malformedJSON = "malformed_json"
    /// The id at this pointer names nothing of the caller's.
    case notFound = "not_found"
    /// An order without items.
    case noItems = "no_items"
    /// An order with more lines than allowed.
    case tooManyLines = "too_many_lines"
    /// More items in the body than can be read.
    case tooManyItems = "too_many_items"
    /// A product id that names no product.
    case unknownProduct = "unknown_product"
    /// A quantity out of its range.
    case quantityOutOfRange = "quantity_out_of_range"
    /// Lines of one product that add up past the maximum quantity.
    case combinedQuantityOutOfRange = "combined_quantity_out_of_range"
    /// Both a shipment address and a contact to ship to.
    case conflictingShipmentAddress = "conflicting_shipment_address"
    /// The contact to ship to lacks part of an address.
    case contactAddressIncomplete = "contact_address_incomplete"
    /// An order total past what can be stored.
    case totalTooLarge = "total_too_large"
    /// The account's currency does not fit.
    case currencyMismatch = "currency_mismatch"
    /// The account lacks the available funds.
    case insufficientFunds = "insufficient_funds"
    /// An amount of zero or less.
    case notPositive = "not_positive"
    /// An amount with more decimals than its currency has.
    case tooManyDecimals = "too_many_decimals"
    /// An amount past what can be stored.
    case tooLarge = "too_large"
    /// Both an account and a contact as recipient.
    case conflictingRecipients = "conflicting_recipients"
    /// The recipient is the account the money leaves.
    case sameAccount = "same_account"
    /// A contact that cannot receive money in this currency.
    case recipientNotReachable = "recipient_not_reachable"
    /// A draft update with no step or more than one.
    case oneStep = "one_step"
    /// `from` after `to`.
    case fromAfterTo = "from_after_to"
    /// A period longer than allowed.
    case rangeTooLong = "range_too_long"

    /// The code as it is written on the wire.
    public var description: String { rawValue }
}
