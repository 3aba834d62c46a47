/// One event of a `text/event-stream` body, as WHATWG HTML § 9.2.6 dispatches it.
struct ServerSentEvent: Sendable, Equatable {
    /// The `event:` field, or `message` when the event had none.
    var type: String
    /// The `data:` lines, joined with line feeds.
    var data: String
    /// The last event ID buffer when the event was dispatched: the latest `id:` field seen on the
    /// stream, carried over from earlier events when this one had none.
    var lastEventID: String
}

/// Interprets a `text/event-stream` body fed chunk by chunk as the network delivers it (WHATWG
/// HTML § 9.2.6): lines end with CR, LF or CRLF, a CRLF may be split across two chunks, so may a
/// UTF-8 character, and a leading byte-order mark is dropped.
///
/// Lines are split on bytes, then decoded: CR and LF never occur inside a UTF-8 sequence, so a
/// character split between chunks is whole again once its line is.
struct ServerSentEventParser: Sendable {
    /// The last `retry:` field's reconnection time in milliseconds, or nil while none came.
    private(set) var retryMilliseconds: Int?

    private var line: [UInt8] = []
    /// A CR ended the last line: an LF right after it (perhaps in the next chunk) ends nothing.
    private var afterCR = false
    private var firstLine = true
    private var eventType = ""
    private var data = ""
    private var lastEventID = ""

    /// A parser at the start of a stream.
    init() {}

    /// Reads `bytes`, the next part of the body, and returns the events it completed, in order.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            switch byte {
            case 0x0D:
                afterCR = true
                if let event = endLine() { events.append(event) }
            case 0x0A:
                if afterCR {
                    afterCR = false
                } else if let event = endLine() {
                    events.append(event)
                }
            default:
                afterCR = false
                line.append(byte)
            }
        }
        return events
    }

    /// Processes the line just ended; returns the event a blank line dispatches.
    private mutating func endLine() -> ServerSentEvent? {
        var bytes = line[...]
        line.removeAll(keepingCapacity: true)
        if firstLine {
            firstLine = false
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        }
        if bytes.isEmpty { return dispatch() }
        // A comment: the server's heartbeat.
        if bytes.first == UInt8(ascii: ":") { return nil }
        let field: String
        var value: ArraySlice<UInt8>
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
            field = String(decoding: bytes[..<colon], as: UTF8.self)
            value = bytes[(colon + 1)...]
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        } else {
            field = String(decoding: bytes, as: UTF8.self)
            value = []
        }
        switch field {
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "data":
            data += String(decoding: value, as: UTF8.self)
            data += "\n"
        case "id":
            // An id with NUL is ignored: it could not be sent back in a Last-Event-ID header.
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        case "retry":
            // Digits only, else ignored; a value too large for Int is as good as forever.
            if !value.isEmpty, value.allSatisfy({ (0x30...0x39).contains($0) }) {
                retryMilliseconds = value.reduce(0) { total, digit in
                    let (times10, overflow1) = total.multipliedReportingOverflow(by: 10)
                    let (sum, overflow2) = times10.addingReportingOverflow(Int(digit - 0x30))
                    return overflow1 || overflow2 ? Int.max : sum
                }
            }
        default:
            break
        }
        return nil
    }

    /// The event a blank line completes, or nil when it carried no data (its type is dropped too).
    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            data = ""
            eventType = ""
        }
        guard !data.isEmpty else { return nil }
        data.removeLast()
        return ServerSentEvent(type: eventType.isEmpty ? "message" : eventType, data: data, lastEventID: lastEventID)
    }
}
