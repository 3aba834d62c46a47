import Domain
import Foundation
import SQLRows
import Testing

@Suite("ContactRow")
struct ContactRowTests {
    /// A row of the columns `ContactRow.contact` reads, with `birthday` in column 6.
    func row(birthday: SQLValue) -> ValuesRow {
        ValuesRow([
            .text("c_1"), .text("u_alice"), .text("Ada"), .null, .null, .null, birthday, .null, .null, .text("Toronto"), .null, .null,
            .text("CA"), .integer(4), .integer(1_700_000_000_123), .integer(1_700_000_500_456),
        ])
    }

    @Test("a contact is read with its dates, version and address")
    func contact() {
        let contact = ContactRow.contact(row(birthday: .text("1815-12-10")))
        #expect(contact.id == ContactID("c_1"))
        #expect(contact.firstName == "Ada")
        #expect(contact.lastName == nil)
        #expect(contact.birthday == CalendarDate(year: 1815, month: 12, day: 10))
        #expect(contact.address == PostalAddress(city: "Toronto", country: "CA"))
        #expect(contact.version == 4)
        #expect(contact.createdAt == Date(timeIntervalSince1970: 1_700_000_000.123))
        #expect(contact.updatedAt == Date(timeIntervalSince1970: 1_700_000_500.456))
    }

    @Test("a birthday stored in a form we cannot read is dropped, the contact still read")
    func unreadableBirthday() {
        #expect(ContactRow.contact(row(birthday: .text("10/12/1815"))).birthday == nil)
    }

    @Test("insert and update bind the same fields and folded search texts, around their own times")
    func values() {
        let contact = ContactRow.contact(row(birthday: .null))
        let insert = ContactRow.insertValues(of: contact)
        let update = ContactRow.updateValues(of: contact, expectedVersion: 4)
        #expect(insert.count == 20)
        #expect(update.count == 20)
        #expect(Array(insert[..<15]) == Array(update[..<15]))
        #expect(Array(insert[17...]) == Array(update[17...]))
        #expect(insert[15...16] == [.integer(1_700_000_000_123), .integer(1_700_000_500_456)])
        #expect(update[15...16] == [.integer(1_700_000_500_456), .integer(4)])
        #expect(insert[6] == .null)
    }
}
