import Foundation
import HTTPServer

/// Feeds bytes to a parser in chunks and records what it reports, as comparable lines.
enum ParserHarness {
    static func events(_ bytes: [UInt8], limits: HTTPRequestParser.Limits = .init(), splitAt splits: [Int] = []) -> [String] {
        var parser = HTTPRequestParser(limits: limits)
        var lines: [String] = []
        var boundaries = splits.filter { $0 > 0 && $0 < bytes.count }.sorted()
        boundaries.append(bytes.count)
        var from = 0
        outer: for boundary in boundaries {
            parser.feed(bytes[from..<boundary])
            from = boundary
            while true {
                switch parser.next() {
                case .needMore: continue outer
                case .head(let head): lines.append(describe(head))
                case .complete(let request): lines.append(describe(request))
                case .failure(let error):
                    lines.append("failure \(error.status.code) \(error.reason.rawValue)")
                    break outer
                }
            }
        }
        return lines
    }

    /// The same events whatever the chunking: whole, byte by byte, and split at every offset.
    static func eventsAtEverySplit(_ bytes: [UInt8], limits: HTTPRequestParser.Limits = .init()) -> (whole: [String], mismatch: String?) {
        let whole = events(bytes, limits: limits)
        let byteByByte = events(bytes, limits: limits, splitAt: Array(0..<bytes.count))
        if byteByByte != whole { return (whole, "byte by byte: \(byteByByte)") }
        for offset in 1..<max(1, bytes.count) {
            let split = events(bytes, limits: limits, splitAt: [offset])
            if split != whole { return (whole, "split at \(offset): \(split)") }
        }
        return (whole, nil)
    }

    static func describe(_ head: HTTPRequestHead) -> String {
        var text = "head \(head.method) \(head.path)"
        if let query = head.query { text += "?\(query)" }
        text += " \(head.version) \(head.framing)"
        if !head.keepAlive { text += " close" }
        if head.expectsContinue { text += " expect-continue" }
        return text
    }

    static func describe(_ request: HTTPRequest) -> String {
        var text = "complete \(request.method) \(request.target) body=\(String(decoding: request.body, as: UTF8.self))"
        if !request.trailers.isEmpty {
            text += " trailers=" + request.trailers.map { "\($0.name):\($0.value)" }.joined(separator: ",")
        }
        return text
    }
}

extension String {
    /// Test shorthand: `|` stands for CRLF.
    var crlf: [UInt8] { Array(replacingOccurrences(of: "|", with: "\r\n").utf8) }
}
