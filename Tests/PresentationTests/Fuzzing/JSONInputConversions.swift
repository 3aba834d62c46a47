// What the JSON-input fuzzer (Scripts/fuzz/fuzz.sh json-input) runs on one input, shared by the fuzz
// harness (compiled into one module with Sources/Presentation, FUZZING defined) and by
// `FuzzFindingReplayTests`, which replays every finding kept in Tests/FuzzFindings/json-input.
//
// The body is decoded exactly as Web's JSONRequestBody does (Presentation's strict JSONParser
// into JSONValue), then handed to every conversion a Presenter runs before its use case: contact
// create (`fields`) and update (`changes`), registration and login field reading, and the path,
// header and query values (contact id, If-Match, cursor). Each must answer fields or errors,
// never crash; the problem document an error list becomes is rendered too.
#if !FUZZING
@testable import Presentation
#endif
import Domain
import Foundation

enum JSONInputConversions {
    /// Runs every conversion on one fuzzer input.
    static func run(_ bytes: [UInt8]) {
        convertText(String(decoding: bytes, as: UTF8.self))
        guard let body = try? JSONParser.parse(bytes) else { return }
        convert(body, messages: Messages(.en))
        convert(body, messages: Messages(.fr))
    }

    static func convert(_ body: JSONValue, messages: Messages) {
        var create = ContactInputConverter(messages: messages)
        _ = create.fields(body)
        var update = ContactInputConverter(messages: messages)
        _ = update.changes(body)
        _ = messages.malformed(create.errors + update.errors)

        var register = FieldReader(messages: messages)
        if let object = register.object(body) {
            _ = register.string(object, "name", pointer: "/name", maxLength: 100)
            _ = register.string(object, "email", pointer: "/email", maxLength: 254)
            _ = register.exactString(object, "password", pointer: "/password", maxLength: UserRegisterPresenter.maxPasswordLength)
        }
        _ = messages.malformed(register.errors)
    }

    static func convertText(_ text: String) {
        _ = IDFormat.isValid(text)
        _ = ContactETag.parseIfMatch(text)
        _ = ContactCursorCoding.decode(text)
        _ = AccountCursorCoding.decode(text)
        _ = TransferCursorCoding.decode(text)
        _ = OrderCursorCoding.decode(text)
        _ = TransactionCursorCoding.decode(text)
        _ = ProductCursorCoding.decode(text)
        _ = Language.negotiate(acceptLanguage: text)
    }
}
