import Domain

/// One text field of an order's body, declared once: its key, how long it may be, and where
/// its value lands (a customer field in the request, or a part of an address).
struct OrderInputField: Sendable {
    let key: String
    /// Longest accepted value, in characters (Unicode code points).
    let maxLength: Int
    let customer: (any WritableKeyPath<OrderCreateRequest, String?> & Sendable)?
    let address: (any WritableKeyPath<PostalAddress, String?> & Sendable)?

    /// The fields of `customer`, in the order errors are reported.
    static let customerFields: [OrderInputField] = [
        customer("firstName", 100, \.firstName),
        customer("lastName", 100, \.lastName),
        customer("email", 254, \.email),
        customer("phone", 40, \.phone),
    ]

    /// The parts of `billingAddress` and `shipmentAddress`, the same as a contact's address.
    static let addressFields: [OrderInputField] = [
        address("street", 200, \.street),
        address("street2", 200, \.street2),
        address("city", 100, \.city),
        address("province", 100, \.province),
        address("postalCode", 20, \.postalCode),
        address("country", 100, \.country),
    ]

    private static func customer(
        _ key: String, _ maxLength: Int, _ path: any WritableKeyPath<OrderCreateRequest, String?> & Sendable
    ) -> OrderInputField {
        OrderInputField(key: key, maxLength: maxLength, customer: path, address: nil)
    }

    private static func address(_ key: String, _ maxLength: Int, _ path: any WritableKeyPath<PostalAddress, String?> & Sendable) -> OrderInputField {
        OrderInputField(key: key, maxLength: maxLength, customer: nil, address: path)
    }
}
