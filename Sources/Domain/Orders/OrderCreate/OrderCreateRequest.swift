/// `POST /v1/orders` as the Presenter converted it: formats checked, every field still optional
/// so the use case can name each missing one. Totals and prices are never part of it.
public struct OrderCreateRequest: Equatable, Sendable {
    /// One requested line.
    public struct Item: Equatable, Sendable {
        public var productID: ProductID?
        /// Digits already checked by the Presenter; one too large for `Int` arrives as `Int.max`.
        public var quantity: Int?

        public init(productID: ProductID? = nil, quantity: Int? = nil) {
            self.productID = productID
            self.quantity = quantity
        }
    }

    public var firstName: String?
    public var lastName: String?
    public var email: String?
    public var phone: String?
    /// Nil when the body has no `billingAddress` object.
    public var billingAddress: PostalAddress?
    public var shipmentAddress: PostalAddress?
    /// Ship to this contact's address, copied at order time (instead of `shipmentAddress`).
    public var shipToContactID: ContactID?
    public var shipmentSpeed: ShipmentSpeed?
    /// Nil when the body has no `items` array.
    public var items: [Item]?
    public var payFromAccountID: String?

    public init(
        firstName: String? = nil, lastName: String? = nil, email: String? = nil, phone: String? = nil,
        billingAddress: PostalAddress? = nil, shipmentAddress: PostalAddress? = nil, shipToContactID: ContactID? = nil,
        shipmentSpeed: ShipmentSpeed? = nil, items: [Item]? = nil, payFromAccountID: String? = nil
    ) {
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.phone = phone
        self.billingAddress = billingAddress
        self.shipmentAddress = shipmentAddress
        self.shipToContactID = shipToContactID
        self.shipmentSpeed = shipmentSpeed
        self.items = items
        self.payFromAccountID = payFromAccountID
    }
}
