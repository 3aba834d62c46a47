import Domain
import Presentation
import Testing

/// An address's lines as an envelope shows them: the country decides where the postal code goes,
/// and the client's language decides only for an address without a country.
@Suite("address lines")
struct AddressLinesTests {
    static let parts = PostalAddress(street: "12 Main St", street2: "Apt 4", city: "Toronto", province: "ON", postalCode: "M5V 2T6")

    func address(country: String?) -> PostalAddress {
        var address = Self.parts
        address.country = country
        return address
    }

    @Test("Canada, the United States and Australia, by code or by name in either language, write city, province and postal code on one line",
          arguments: ["Canada", "CA", "canada", "U.S.A.", "United States", "États-Unis", "US", "Australie"])
    func cityFirst(country: String) {
        for language in Language.allCases {
            #expect(AddressLines.lines(address(country: country), language: language) == ["12 Main St", "Apt 4", "Toronto ON M5V 2T6", country])
        }
    }

    @Test("the United Kingdom puts the postcode on a line of its own, after the town and the county", arguments: ["UK", "GB", "United Kingdom", "Royaume-Uni"])
    func postcodeLine(country: String) {
        for language in Language.allCases {
            #expect(AddressLines.lines(address(country: country), language: language) == ["12 Main St", "Apt 4", "Toronto", "ON", "M5V 2T6", country])
        }
    }

    @Test("other countries write the postal code before the city, the province on a line of its own", arguments: ["France", "Deutschland", "FR", "Narnia"])
    func postalCodeFirst(country: String) {
        for language in Language.allCases {
            #expect(AddressLines.lines(address(country: country), language: language) == ["12 Main St", "Apt 4", "M5V 2T6 Toronto", "ON", country])
        }
    }

    @Test("without a country the client's language decides: en the North American order, fr the French one")
    func noCountry() {
        #expect(AddressLines.lines(address(country: nil), language: .en) == ["12 Main St", "Apt 4", "Toronto ON M5V 2T6"])
        #expect(AddressLines.lines(address(country: nil), language: .fr) == ["12 Main St", "Apt 4", "M5V 2T6 Toronto", "ON"])
    }

    @Test("blank and absent parts leave no line and no stray space; an empty address has no lines")
    func blanks() {
        let sparse = PostalAddress(street: "  ", city: "Paris", postalCode: nil, country: " France ")
        for language in Language.allCases {
            #expect(AddressLines.lines(sparse, language: language) == ["Paris", "France"])
            #expect(AddressLines.lines(PostalAddress(), language: language) == [])
            #expect(AddressLines.lines(PostalAddress(postalCode: "75001"), language: language) == ["75001"])
        }
    }

    @Test("white space beyond ASCII is trimmed as request fields trim it: no-break, ideographic and zero-width spaces")
    func whitespaceBeyondASCII() {
        let spaced = PostalAddress(street: "\u{A0}12 Main St\u{3000}", city: "\u{200B}", postalCode: "\u{2009}75001\u{202F}", country: "\u{85}France\t")
        #expect(AddressLines.lines(spaced, language: .en) == ["12 Main St", "75001", "France"])
        // Only the ends are trimmed: a space inside a part is the user's.
        #expect(AddressLines.lines(PostalAddress(city: " Saint\u{A0}Malo "), language: .fr) == ["Saint\u{A0}Malo"])
    }
}
