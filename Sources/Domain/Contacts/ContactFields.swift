/// The writable fields of a contact, already converted to internal types by a Presenter.
public struct ContactFields: Equatable, Sendable {
    public var firstName: String?
    public var lastName: String?
    public var email: String?
    public var phone: String?
    public var birthday: CalendarDate?
    public var address: PostalAddress

    public init(firstName: String? = nil, lastName: String? = nil, email: String? = nil, phone: String? = nil, birthday: CalendarDate? = nil, address: PostalAddress = PostalAddress()) {
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.phone = phone
        self.birthday = birthday
        self.address = address
    }
}
