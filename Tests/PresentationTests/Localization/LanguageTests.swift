import Presentation
import Testing

@Suite("Accept-Language negotiation")
struct LanguageTests {
    @Test("the best supported language wins, English otherwise", arguments: [
        (nil, Language.en), ("fr", .fr), ("fr-CA, en;q=0.8", .fr), ("en;q=0.5, fr;q=0.9", .fr), ("de, fr;q=0.1", .fr),
        ("de", .en), ("*", .en), ("fr;q=0", .en), (";;;,,,", .en), ("FR", .fr),
    ])
    func negotiate(header: String?, language: Language) {
        #expect(Language.negotiate(acceptLanguage: header) == language)
    }

    @Test("every message exists in every language")
    func catalogComplete() {
        for language in Language.allCases {
            for key in Messages.Key.allCases {
                #expect(Messages(language).text(key) != key.rawValue, "\(key) missing in \(language)")
            }
        }
    }
}
