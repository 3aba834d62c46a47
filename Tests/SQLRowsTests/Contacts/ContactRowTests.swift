import Domain
import Foundation
import SQLRows
import Testing

@Suite("ContactRow")
struct ContactRowTests {
    let stored = Contact(
        id: ContactID("c_1"), ownerID: UserID("u_alice"), firstName: "Ada", lastName: nil, email: nil, phone: nil,
        birthday: CalendarDate(year: 1815, month: 12, day: 10), address: PostalAddress(city: "Toronto", country: "CA"),
        createdAt: Date(timeIntervalSince1970: 1_700_000_000.123), updatedAt: Date(timeIntervalSince1970: 1_700_000_500.456), version: 4)

    /// The row a select of `ContactRow.Column.selectList` gives for `stored`, built from its
    /// columns (so a new column needs nothing here), with `birthday` in its column.
    func row(birthday: SQLValue) -> ValuesRow {
        ValuesRow(ContactRow.Column.allCases.map { ContactRow.value($0, of: stored) })
            .replacing(Int(ContactRow.Column.birthday.rawValue), with: birthday)
    }

    @Test("a contact is read with its dates, version and address")
    func contact() throws {
        let contact = try ContactRow.contact(row(birthday: .text("1815-12-10")))
        #expect(contact == stored)
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
    func unreadableBirthday() throws {
        #expect(try ContactRow.contact(row(birthday: .text("10/12/1815"))).birthday == nil)
    }

    @Test("a NULL id, owner, version or time is a storage failure naming the column", arguments: [
        ContactRow.Column.id, .owner_id, .version, .created_at, .updated_at,
    ])
    func nullInRequiredColumn(column: ContactRow.Column) {
        #expect(throws: GatewayError.failure("NULL in required column contacts.\(column.name)")) {
            try ContactRow.contact(row(birthday: .null).replacing(Int(column.rawValue), with: .null))
        }
    }

    @Test("what an insert writes of the columns reads back as the same contact")
    func roundTrip() throws {
        let contact = try ContactRow.contact(row(birthday: .text("1815-12-10")))
        let written = ContactRow.insertValues(of: contact)
        #expect(try ContactRow.contact(ValuesRow(Array(written.prefix(ContactRow.Column.allCases.count)))) == contact)
    }

    @Test("a list row reads the summary's columns, each a column of the contact, and agrees with the whole contact")
    func summary() throws {
        let written = Dictionary(uniqueKeysWithValues: ContactRow.Column.allCases.map { ($0.name, ContactRow.value($0, of: stored)) })
        let values = try ContactRow.SummaryColumn.allCases.map { try #require(written[$0.name], "\($0.name) is not a contacts column") }
        #expect(ContactRow.summaryColumns == "id, first_name, last_name, phone")
        let summary = try ContactRow.summary(ValuesRow(values))
        #expect(summary == ContactSummary(stored))
        #expect(summary.sortName == stored.sortName)
        #expect(ContactSummary(id: ContactID("c_2"), firstName: "Ada", lastName: "Lovelace").sortName == "lovelace ada")
    }

    @Test("a list row without an id is a storage failure naming the column")
    func summaryWithoutID() {
        #expect(throws: GatewayError.failure("NULL in required column contacts.id")) {
            try ContactRow.summary(ValuesRow([.null, .text("Ada"), .null, .null]))
        }
    }

    @Test("insert and update texts name one parameter per value, derived and extra columns last")
    func texts() throws {
        let contact = try ContactRow.contact(row(birthday: .null))
        let columns = ContactRow.Column.allCases.count
        #expect(ContactRow.insertValues(of: contact).count == columns + ContactRow.derivedColumns.count)
        #expect(ContactRow.insert(extraColumns: ["seq"]).hasSuffix("search_phone, seq) VALUES (\(SQLColumnText.placeholders(count: columns + 5)))"))
        let update = ContactRow.updateValues(of: contact, expectedVersion: 4)
        // id, owner, the updated columns, the derived ones, the expected version.
        #expect(update.count == 2 + ContactRow.updatedColumns.count + ContactRow.derivedColumns.count + 1)
        #expect(update.last == .integer(4))
        #expect(ContactRow.update(extraColumns: ["seq"]).hasSuffix(
            "seq = ?\(update.count + 1) WHERE id = ?1 AND owner_id = ?2 AND version = ?\(update.count)"))
        #expect(!ContactRow.updatedColumns.contains(.created_at))
    }
}
