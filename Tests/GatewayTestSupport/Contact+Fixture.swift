import Domain
import Foundation

extension Contact {
    /// A contact of `owner` with fixed, millisecond-exact dates; fields as given.
    public static func fixture(
        id: String, owner: String = "u_alice", firstName: String? = nil, lastName: String? = nil, email: String? = nil,
        phone: String? = nil, birthday: CalendarDate? = nil, address: PostalAddress = PostalAddress(), version: Int = 1
    ) -> Contact {
        Contact(
            id: ContactID(id), ownerID: UserID(owner), firstName: firstName, lastName: lastName, email: email, phone: phone,
            birthday: birthday, address: address, createdAt: Date(timeIntervalSince1970: 1_700_000_000.123),
            updatedAt: Date(timeIntervalSince1970: 1_700_000_500.456), version: version)
    }
}
