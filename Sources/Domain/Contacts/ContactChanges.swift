/// A partial update: each field is left alone, replaced, or cleared.
public struct ContactChanges: Equatable, Sendable {
    /// What to do with one field.
    public enum Change<Value: Equatable & Sendable>: Equatable, Sendable {
        case keep
        case set(Value)
        case clear

        func applied(to current: Value?) -> Value? {
            switch self {
            case .keep: current
            case .set(let value): value
            case .clear: nil
            }
        }
    }

    public var firstName: Change<String> = .keep
    public var lastName: Change<String> = .keep
    public var email: Change<String> = .keep
    public var phone: Change<String> = .keep
    public var birthday: Change<CalendarDate> = .keep
    public var street: Change<String> = .keep
    public var street2: Change<String> = .keep
    public var city: Change<String> = .keep
    public var province: Change<String> = .keep
    public var postalCode: Change<String> = .keep
    public var country: Change<String> = .keep

    public init() {}

    /// The contact's fields with these changes applied.
    public func applied(to contact: Contact) -> ContactFields {
        ContactFields(
            firstName: firstName.applied(to: contact.firstName), lastName: lastName.applied(to: contact.lastName),
            email: email.applied(to: contact.email), phone: phone.applied(to: contact.phone),
            birthday: birthday.applied(to: contact.birthday),
            address: PostalAddress(
                street: street.applied(to: contact.address.street), street2: street2.applied(to: contact.address.street2),
                city: city.applied(to: contact.address.city), province: province.applied(to: contact.address.province),
                postalCode: postalCode.applied(to: contact.address.postalCode), country: country.applied(to: contact.address.country)))
    }
}
