import Domain
import Foundation

/// The fixed pieces a presenter test needs.
enum Fixture {
    static let owner = UserID("u1")
    static let created = Date(timeIntervalSince1970: 1_795_000_000)

    static func contact(first: String? = "Charlie", last: String? = "Brown", version: Int = 1) -> ContactPresentationModel {
        ContactPresentationModel(Contact(
            id: ContactID("c_1"), ownerID: owner, firstName: first, lastName: last, email: "charlie@example.com",
            birthday: CalendarDate(year: 1950, month: 10, day: 2), address: PostalAddress(city: "Toronto"),
            createdAt: created, updatedAt: created, version: version))
    }
}

