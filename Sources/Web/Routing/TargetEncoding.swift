import HTTPServer
import Presentation

/// Percent-encoding in the request-target: a `%` must start `%XX` with two hex digits
/// (RFC 3986 §2.1). A target that breaks this is refused before routing, so `/%zz` is not a
/// 404 and `?a=%` is not silently read as something else.
enum TargetEncoding {
    /// Whether every `%` in `text` is followed by two hexadecimal digits.
    static func isWellFormed(_ text: Substring.UTF8View) -> Bool {
        var iterator = text.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { continue }
            guard let high = iterator.next(), let low = iterator.next(), isHex(high), isHex(low) else { return false }
        }
        return true
    }

    /// The 400 problem for a malformed path or query, in the client's language; nil when both are fine.
    static func problem(_ request: HTTPRequest, context: RequestContext) -> HTTPResponse? {
        let pathIsFine = isWellFormed(Substring(request.path).utf8)
        guard !pathIsFine || !isWellFormed(Substring(request.query ?? "").utf8) else { return nil }
        return JSONBody.problem(context.messages.invalidPercentEncoding(inPath: !pathIsFine), requestID: context.requestID)
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        PercentDecoding.hexValue(byte) != nil
    }
}
