import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A client of `GET /v1/events` for the tests: it opens the stream on a raw socket and reads its
/// server-sent events one at a time, undoing the HTTP/1.1 chunking itself.
final class LiveStream {
    /// One server-sent event (comments are skipped; `retry` alone is an event with type `retry`).
    struct Event: Equatable {
        var id: String?
        var type: String
        var data: String

        /// `data` as a JSON object.
        var object: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any] ?? [:] }
    }

    let client: TestClient
    /// The response's status and header section.
    private(set) var status = 0
    private(set) var head = ""
    private var raw: [UInt8] = []
    private var text = ""
    private(set) var ended = false

    /// Opens `target` (e.g. `/v1/events?ticket=…`) with `headers`; the status tells whether it opened.
    init(port: Int, target: String, headers: [String: String] = [:]) throws {
        client = try TestClient(port: port, receiveTimeout: 3)
        var request = "GET \(target) HTTP/1.1\r\nHost: test\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        try client.send(request + "\r\n")
        while head.isEmpty {
            guard receive() else { break }
            if let end = raw.firstRange(of: Array("\r\n\r\n".utf8)) {
                head = String(decoding: raw[..<end.lowerBound], as: UTF8.self)
                raw.removeSubrange(..<end.upperBound)
                status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
            }
        }
    }

    /// The whole body of a refused (non-200) answer, read with its `Content-Length`.
    var refusal: [String: Any] {
        var body = raw
        while body.count < contentLength, receive() { body = raw }
        return (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }

    private var contentLength: Int {
        head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
    }

    /// The next event within `seconds`, nil when none came (or the stream ended).
    func next(within seconds: Double = 3) -> Event? {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            dechunk()
            if let event = takeEvent() { return event }
            if ended || Date() >= deadline { return nil }
            if !receive() && !ended {
                if Date() >= deadline { return nil }
            }
        }
    }

    /// The next events until one of `type` (included), within `seconds`.
    func events(until type: String, within seconds: Double = 3) -> [Event] {
        var events: [Event] = []
        let deadline = Date().addingTimeInterval(seconds)
        while let event = next(within: max(0.05, deadline.timeIntervalSinceNow)) {
            events.append(event)
            if event.type == type { break }
        }
        return events
    }

    /// Whether the server ended the body (its last chunk) and closed, within `seconds`.
    func endsWithin(_ seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !ended && Date() < deadline {
            dechunk()
            if !ended && !receive() { usleep(10_000) }
        }
        return ended
    }

    func close() { client.reset() }

    /// Reads what the socket has; false at its end or timeout.
    @discardableResult
    private func receive() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(client.fd, &chunk, chunk.count, 0)
        guard count > 0 else {
            if count == 0 { ended = true }
            return false
        }
        raw += chunk[0..<count]
        return true
    }

    /// Moves whole chunks from `raw` into `text`.
    private func dechunk() {
        while let line = raw.firstRange(of: Array("\r\n".utf8)) {
            let sizeText = String(decoding: raw[..<line.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText, radix: 16) else { return }
            if size == 0 {
                ended = true
                raw.removeAll()
                return
            }
            let start = line.upperBound
            guard raw.count >= start + size + 2 else { return }
            text += String(decoding: raw[start..<(start + size)], as: UTF8.self)
            raw.removeSubrange(..<(start + size + 2))
        }
    }

    private func takeEvent() -> Event? {
        while let range = text.range(of: "\n\n") {
            let block = String(text[..<range.lowerBound])
            text.removeSubrange(..<range.upperBound)
            var event = Event(id: nil, type: "message", data: "")
            var sawField = false
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix(":") { continue }
                let parts = line.split(separator: ":", maxSplits: 1)
                let name = String(parts.first ?? "")
                let value = parts.count > 1 ? String(parts[1].drop { $0 == " " }) : ""
                sawField = true
                switch name {
                case "id": event.id = value
                case "event": event.type = value
                case "data": event.data = value
                case "retry": event.type = "retry"; event.data = value
                default: break
                }
            }
            if sawField { return event }
        }
        return nil
    }
}
