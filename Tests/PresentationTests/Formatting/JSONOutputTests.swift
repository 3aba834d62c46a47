import Domain
import Foundation
import Presentation
import Testing

/// The hand-written JSON must say exactly what `JSONEncoder` says of the same view model.
@Suite("hand-written JSON")
struct JSONOutputTests {
    func parsed(_ bytes: [UInt8]) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? NSDictionary)
    }

    func written(_ value: some JSONWritable) -> [UInt8] {
        var output = JSONOutput()
        value.write(to: &output)
        return output.bytes
    }

    @Test("a contact reads the same as its Encodable form, with escapes and nulls")
    func contact() throws {
        for contact in [Fixture.contact(first: "Quote \" back\\slash tab\t nl\n bell\u{7} é 😀", last: nil), Fixture.contact()] {
            let viewModel = ContactViewModel(contact)
            #expect(try parsed(written(viewModel)) == parsed(Array(JSONEncoder().encode(viewModel))))
        }
    }

    @Test("a list page reads the same as its Encodable form, with and without message and cursor")
    func list() throws {
        let item = ContactListItemViewModel(ContactSummaryPresentationModel(Contact(
            id: ContactID("c_1"), ownerID: Fixture.owner, firstName: "A", lastName: "B", createdAt: Fixture.created, updatedAt: Fixture.created)))
        for list in [
            ContactListViewModel(items: [item, item], nextCursor: "abc", message: nil),
            ContactListViewModel(items: [], nextCursor: nil, message: "No contacts found"),
        ] {
            #expect(try parsed(written(list)) == parsed(Array(JSONEncoder().encode(list))))
        }
    }
}
