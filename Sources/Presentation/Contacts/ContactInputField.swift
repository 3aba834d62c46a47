import Domain

/// One text field of a contact's body, declared once: where it is, how long it may be, and
/// where its value lands in a new contact and in a PATCH change.
struct ContactInputField: Sendable {
    let key: String
    /// JSON Pointer of the field (`/address/street`).
    let pointer: String
    let inAddress: Bool
    /// Longest accepted value, in characters.
    let maxLength: Int
    let value: any WritableKeyPath<ContactFields, String?> & Sendable
    let change: any WritableKeyPath<ContactChanges, ContactChanges.Change<String>> & Sendable

    /// Every text field, in the order errors are reported.
    static let all: [ContactInputField] = [
        top("firstName", 100, \.firstName, \.firstName),
        top("lastName", 100, \.lastName, \.lastName),
        top("email", 254, \.email, \.email),
        top("phone", 40, \.phone, \.phone),
        address("street", 200, \.address.street, \.street),
        address("street2", 200, \.address.street2, \.street2),
        address("city", 100, \.address.city, \.city),
        address("province", 100, \.address.province, \.province),
        address("postalCode", 20, \.address.postalCode, \.postalCode),
        address("country", 100, \.address.country, \.country),
    ]

    private static func top(
        _ key: String, _ maxLength: Int, _ value: any WritableKeyPath<ContactFields, String?> & Sendable,
        _ change: any WritableKeyPath<ContactChanges, ContactChanges.Change<String>> & Sendable
    ) -> ContactInputField {
        ContactInputField(key: key, pointer: "/\(key)", inAddress: false, maxLength: maxLength, value: value, change: change)
    }

    private static func address(
        _ key: String, _ maxLength: Int, _ value: any WritableKeyPath<ContactFields, String?> & Sendable,
        _ change: any WritableKeyPath<ContactChanges, ContactChanges.Change<String>> & Sendable
    ) -> ContactInputField {
        ContactInputField(key: key, pointer: "/address/\(key)", inAddress: true, maxLength: maxLength, value: value, change: change)
    }
}
