// libFuzzer entry point over JSON body decoding and the Presenters' input conversion, compiled
// into one module with Sources/Presentation by Scripts/fuzz.sh (so internal converters are
// reachable). Not part of the package.
//
// The body is decoded exactly as Web's JSONRequestBody does (Presentation's strict JSONParser
// into JSONValue), then handed to every conversion a Presenter runs before its use case: contact
// create (`fields`) and update (`changes`), registration and login field reading, and the path,
// header and query values (contact id, If-Match, cursor). Each must answer fields or errors,
// never crash; the problem document an error list becomes is rendered too.
import Domain
import Foundation

private func convert(_ body: JSONValue, messages: Messages) {
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

private func convertText(_ text: String) {
    _ = ContactIDFormat.isValid(text)
    _ = ContactETag.parseIfMatch(text)
    _ = ContactCursorCoding.decode(text)
    _ = Language.negotiate(acceptLanguage: text)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let bytes = Data(bytes: data, count: size)
    convertText(String(decoding: bytes, as: UTF8.self))
    guard let body = try? JSONParser.parse(Array(bytes)) else { return 0 }
    convert(body, messages: Messages(.en))
    convert(body, messages: Messages(.fr))
    return 0
}
