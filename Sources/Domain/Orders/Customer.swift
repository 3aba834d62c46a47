/// Who an order is for, as entered with the order (not a user or a contact).
public struct Customer: Equatable, Sendable {
    public var firstName: String
    public var lastName: String
    public var email: String
    public var phone: String?

    public init(firstName: String, lastName: String, email: String, phone: String? = nil) {
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.phone = phone
    }
}
