import HTTPServer
import Presentation

/// Marks a response worded in the negotiated language: `Content-Language` names it, and
/// `Vary: Accept-Language` tells caches that another `Accept-Language` may get other words.
enum ContentLanguage {
    static func apply(to response: inout HTTPResponse, language: Language) {
        // No body, no words: a 204 has nothing in any language.
        guard !response.body.isEmpty || response.stream != nil || response.push != nil else { return }
        // A stream opened by a ticket speaks the ticket's language, which it names itself.
        if response.headers["Content-Language"] == nil {
            response.headers.replaceOrAdd(name: "Content-Language", value: language.rawValue)
        }
        response.headers.addVary("Accept-Language")
    }
}
