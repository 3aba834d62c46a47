import Testing

@testable import ViperdClient

@Suite("ServerSentEventParser")
struct ServerSentEventParserTests {
    /// A body with every line end, a BOM, comments, multi-line data, an id carried over and a
    /// `retry`, as the server and the proxies in front of it may frame it.
    let body = Array("\u{FEFF}retry: 2000\r\n: heartbeat\r\n\r\nid: 1\revent: transfer.received\ndata: {\"a\":\r\ndata:  1}\r\n\r\n"
        .utf8) + Array(": heartbeat\n\ndata: zoë\nid: 2\n\n".utf8)
    let expected = [
        ServerSentEvent(type: "transfer.received", data: "{\"a\":\n 1}", lastEventID: "1"),
        ServerSentEvent(type: "message", data: "zoë", lastEventID: "2"),
    ]

    @Test("a body fed whole, byte by byte, or in chunks splitting a CRLF and a UTF-8 character gives the same events")
    func chunking() {
        var whole = ServerSentEventParser()
        #expect(whole.feed(body) == expected)
        #expect(whole.retryMilliseconds == 2000)

        var byByte = ServerSentEventParser()
        #expect(body.flatMap { byByte.feed([$0]) } == expected)

        // Every split point: a CR at the end of one chunk and its LF at the start of the next,
        // the BOM and ë cut in two, and the rest.
        for split in 0...body.count {
            var parser = ServerSentEventParser()
            let events = parser.feed(body[..<split]) + parser.feed(body[split...])
            #expect(events == expected, "split at \(split)")
        }
    }

    @Test("a CR that ends a line and an LF that starts the next blank one are two line ends, not a CRLF")
    func crThenLFInNextChunk() {
        var parser = ServerSentEventParser()
        // "data: a" CR LF is one line end; the second LF is the blank line that dispatches.
        #expect(parser.feed(Array("data: a\r".utf8)).isEmpty)
        #expect(parser.feed(Array("\n".utf8)).isEmpty)
        #expect(parser.feed(Array("\n".utf8)) == [ServerSentEvent(type: "message", data: "a", lastEventID: "")])
        // CR CR: two line ends, so an event.
        #expect(parser.feed(Array("data: b\r\r".utf8)) == [ServerSentEvent(type: "message", data: "b", lastEventID: "")])
    }

    @Test("comments, unknown fields and events without data dispatch nothing; a type without data is dropped")
    func nothingDispatched() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array(": heartbeat\n\nfoo: bar\n\nevent: ready\n\n".utf8)).isEmpty)
        // The dropped event's type does not leak into the next one.
        #expect(parser.feed(Array("data: x\n\n".utf8)) == [ServerSentEvent(type: "message", data: "x", lastEventID: "")])
    }

    @Test("field forms: no colon means an empty value, one leading space is dropped, `data:` alone adds an empty line")
    func fieldForms() {
        var parser = ServerSentEventParser()
        let events = parser.feed(Array("data\ndata:x\ndata:  y\ndata:\n\n".utf8))
        #expect(events == [ServerSentEvent(type: "message", data: "\nx\n y\n", lastEventID: "")])
    }

    @Test("an id with NUL is ignored; an empty id clears it; the id outlives its event")
    func ids() {
        var parser = ServerSentEventParser()
        let events = parser.feed(Array("id: 7\ndata: a\n\nid: 8\u{0}\ndata: b\n\nid\ndata: c\n\n".utf8))
        #expect(events.map(\.lastEventID) == ["7", "7", ""])
    }

    @Test("retry: digits only, anything else ignored, a huge value saturates instead of trapping")
    func retry() {
        var parser = ServerSentEventParser()
        _ = parser.feed(Array("retry: 1000\nretry: 12a\nretry: -5\nretry:\n".utf8))
        #expect(parser.retryMilliseconds == 1000)
        _ = parser.feed(Array("retry: 99999999999999999999999999\n".utf8))
        #expect(parser.retryMilliseconds == Int.max)
    }

    @Test("an event the body ends in the middle of is never dispatched")
    func unfinished() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("id: 3\nevent: transfer.sent\ndata: {}\n".utf8)).isEmpty)
    }
}
