import HTTPServer
import Testing

/// Bytes in → events out, for every framing rule; each case also runs split at every offset.
@Suite("HTTP request parser")
struct RequestParserTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let input: [UInt8]
        let expected: [String]
        var testDescription: String { name }
    }

    static let accepted: [Case] = [
        Case(name: "TRACE is known to HTTP: it reaches the router, which answers 405 with Allow",
             input: "TRACE /health HTTP/1.1|Host: a||".crlf,
             expected: ["head TRACE /health HTTP/1.1 none", "complete TRACE /health body="]),
        Case(name: "simple GET keeps the connection alive",
             input: "GET /health HTTP/1.1|Host: a||".crlf,
             expected: ["head GET /health HTTP/1.1 none", "complete GET /health body="]),
        Case(name: "query is split from the path",
             input: "GET /v1/contacts?q=a%20b&limit=2 HTTP/1.1|Host: a||".crlf,
             expected: ["head GET /v1/contacts?q=a%20b&limit=2 HTTP/1.1 none", "complete GET /v1/contacts?q=a%20b&limit=2 body="]),
        Case(name: "Content-Length body is framed exactly",
             input: "POST /echo HTTP/1.1|Host: a|Content-Length: 5||hello".crlf,
             expected: ["head POST /echo HTTP/1.1 length(5)", "complete POST /echo body=hello"]),
        Case(name: "Content-Length with leading zeroes is still digits",
             input: "POST /e HTTP/1.1|Host: a|Content-Length: 003||abc".crlf,
             expected: ["head POST /e HTTP/1.1 length(3)", "complete POST /e body=abc"]),
        Case(name: "chunked body with extensions and trailers",
             input: "POST /e HTTP/1.1|Host: a|Transfer-Encoding: chunked||5;name=\"va\\\"l\"|hello|6 ; x|, worl|1;a=b;c|d|0|Checksum: abc||".crlf,
             expected: ["head POST /e HTTP/1.1 chunked", "complete POST /e body=hello, world trailers=Checksum:abc"]),
        Case(name: "Transfer-Encoding is case-insensitive and may repeat empty list elements",
             input: "POST /e HTTP/1.1|Host: a|Transfer-Encoding: , CHUNKED||0||".crlf,
             expected: ["head POST /e HTTP/1.1 chunked", "complete POST /e body="]),
        Case(name: "pipelined requests come out in order",
             input: "GET /1 HTTP/1.1|Host: a||POST /2 HTTP/1.1|Host: a|Content-Length: 2||hiGET /3 HTTP/1.1|Host: a||".crlf,
             expected: ["head GET /1 HTTP/1.1 none", "complete GET /1 body=", "head POST /2 HTTP/1.1 length(2)",
                        "complete POST /2 body=hi", "head GET /3 HTTP/1.1 none", "complete GET /3 body="]),
        Case(name: "Connection: close ends keep-alive",
             input: "GET / HTTP/1.1|Host: a|Connection: keep-alive, Close||".crlf,
             expected: ["head GET / HTTP/1.1 none close", "complete GET / body="]),
        Case(name: "HTTP/1.0 closes by default and needs no Host",
             input: "GET / HTTP/1.0||".crlf,
             expected: ["head GET / HTTP/1.0 none close", "complete GET / body="]),
        Case(name: "HTTP/1.0 keep-alive is honoured",
             input: "GET / HTTP/1.0|Connection: keep-alive||".crlf,
             expected: ["head GET / HTTP/1.0 none", "complete GET / body="]),
        Case(name: "Expect: 100-continue is reported on the head",
             input: "PUT /e HTTP/1.1|Host: a|Expect: 100-Continue|Content-Length: 1||x".crlf,
             expected: ["head PUT /e HTTP/1.1 length(1) expect-continue", "complete PUT /e body=x"]),
        Case(name: "Expect: 100-continue without a body needs no 100",
             input: "GET / HTTP/1.1|Host: a|Expect: 100-continue||".crlf,
             expected: ["head GET / HTTP/1.1 none", "complete GET / body="]),
        Case(name: "asterisk-form is OPTIONS only",
             input: "OPTIONS * HTTP/1.1|Host: a||".crlf,
             expected: ["head OPTIONS * HTTP/1.1 none", "complete OPTIONS * body="]),
        Case(name: "absolute-form gives the path and query",
             input: "GET http://example.com:8080/a/b?c=d HTTP/1.1|Host: example.com||".crlf,
             expected: ["head GET /a/b?c=d HTTP/1.1 none", "complete GET http://example.com:8080/a/b?c=d body="]),
        Case(name: "absolute-form without a path is /",
             input: "GET https://example.com HTTP/1.1|Host: example.com||".crlf,
             expected: ["head GET / HTTP/1.1 none", "complete GET https://example.com body="]),
        Case(name: "empty lines before the request line are ignored",
             input: "||GET / HTTP/1.1|Host: a||".crlf,
             expected: ["head GET / HTTP/1.1 none", "complete GET / body="]),
        Case(name: "optional whitespace around a value is trimmed and obs-text allowed",
             input: Array("GET / HTTP/1.1\r\nHost: a\r\nX-Name: \t caf\u{E9} \t\r\n\r\n".utf8),
             expected: ["head GET / HTTP/1.1 none", "complete GET / body="]),
        Case(name: "a higher HTTP/1.x minor version is served as HTTP/1.1",
             input: "GET / HTTP/1.9|Host: a||".crlf,
             expected: ["head GET / HTTP/1.1 none", "complete GET / body="]),
        Case(name: "Host may carry a port, an IPv6 literal, an IPvFuture or percent-encoding, or be empty",
             input: "GET / HTTP/1.1|Host: [::1]:8080||GET / HTTP/1.1|Host: [v1.x:y]||GET / HTTP/1.1|Host: a%41.b-c_d~e:||GET / HTTP/1.1|Host: ||".crlf,
             expected: ["head GET / HTTP/1.1 none", "complete GET / body=", "head GET / HTTP/1.1 none", "complete GET / body=",
                        "head GET / HTTP/1.1 none", "complete GET / body=", "head GET / HTTP/1.1 none", "complete GET / body="]),
        Case(name: "Content-Length: 0 means no body",
             input: "POST / HTTP/1.1|Host: a|Content-Length: 0||".crlf,
             expected: ["head POST / HTTP/1.1 none", "complete POST / body="]),
    ]

    @Test("accepted input frames the same whatever the chunking", arguments: accepted)
    func acceptedInput(_ testCase: Case) {
        let (whole, mismatch) = ParserHarness.eventsAtEverySplit(testCase.input)
        #expect(whole == testCase.expected)
        #expect(mismatch == nil)
    }

    static let rejected: [Case] = [
        Case(name: "lowercase-insensitive method is still a token, but a bad byte is not",
             input: "GE(T / HTTP/1.1|Host: a||".crlf, expected: ["failure 400 invalid method token"]),
        Case(name: "an unknown method token is 501, not 405", input: "FOO /health HTTP/1.1|Host: a||".crlf,
             expected: ["failure 501 method not implemented"]),
        Case(name: "methods are case-sensitive: get is not GET", input: "get / HTTP/1.1|Host: a||".crlf,
             expected: ["failure 501 method not implemented"]),
        Case(name: "a 2 KiB method is 501 as soon as it is longer than any implemented one",
             input: "\(String(repeating: "A", count: 2048)) / HTTP/1.1|Host: a||".crlf,
             expected: ["failure 501 method not implemented"]),
        Case(name: "a request in HTTP/2.0 is 505 whatever its method", input: "FOO / HTTP/2.0|Host: a||".crlf,
             expected: ["failure 505 unsupported HTTP version"]),
        Case(name: "the HTTP/2 connection preface is 505, not 501",
             input: Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8), expected: ["failure 505 unsupported HTTP version"]),
        Case(name: "an unknown method in a well-formed HTTP/1.1 line is 501 once the version is read",
             input: "FOO * HTTP/1.1|Host: a||".crlf, expected: ["failure 501 method not implemented"]),
        Case(name: "an unknown method is 501 whatever else is wrong in its line", input: "FOO /a#b HTTP/1.1x|Host: a||".crlf,
             expected: ["failure 501 method not implemented"]),
        // Fuzzing finding (Scripts/fuzz/fuzz.sh http-parser): a line whose first byte is not a token
        // was an invalid method when whole but a malformed line when split after that byte.
        Case(name: "a request line starting with a NUL byte", input: Array("\0POST / HTTP/1.1\r\nHost: a\r\n\r\n".utf8),
             expected: ["failure 400 invalid method token"]),
        Case(name: "a bad method before a bare LF is judged as the bad method, whatever the chunking",
             input: Array(" /url HTTP/1.1\u{7F}\n\r\n".utf8), expected: ["failure 400 invalid method token"]),
        Case(name: "a bad header name before a bare LF is judged as the bad name",
             input: Array("GET / HTTP/1.1\r\nHo(st: a\n\r\n".utf8), expected: ["failure 400 invalid header field name"]),
        Case(name: "an unsupported version is 505 from its eight bytes, whatever follows them",
             input: Array("PUT /u HTTP/0.1\0\r\n\r\n".utf8), expected: ["failure 505 unsupported HTTP version"]),
        Case(name: "a request line starting with a space", input: " GET / HTTP/1.1|Host: a||".crlf,
             expected: ["failure 400 invalid method token"]),
        Case(name: "a request line starting with a tab", input: "\tGET / HTTP/1.1|Host: a||".crlf,
             expected: ["failure 400 invalid method token"]),
        Case(name: "two spaces in the request line", input: "GET  / HTTP/1.1|Host: a||".crlf,
             expected: ["failure 400 malformed request line"]),
        Case(name: "tab as a separator", input: "GET\t/ HTTP/1.1|Host: a||".crlf,
             expected: ["failure 400 malformed request line"]),
        Case(name: "target with a control byte", input: "GET /a\u{01}b HTTP/1.1|Host: a||".crlf,
             expected: ["failure 400 invalid request-target"]),
        Case(name: "target with a fragment", input: "GET /a#b HTTP/1.1|Host: a||".crlf,
             expected: ["failure 400 invalid request-target"]),
        Case(name: "asterisk with GET", input: "GET * HTTP/1.1|Host: a||".crlf,
             expected: ["failure 400 invalid request-target"]),
        Case(name: "relative target", input: "GET a/b HTTP/1.1|Host: a||".crlf,
             expected: ["failure 400 invalid request-target"]),
        Case(name: "HTTP/2.0 is 505", input: "GET / HTTP/2.0|Host: a||".crlf,
             expected: ["failure 505 unsupported HTTP version"]),
        Case(name: "garbage version is 400", input: "GET / HTTP/1.1x|Host: a||".crlf,
             expected: ["failure 400 invalid HTTP version"]),
        Case(name: "lowercase protocol name", input: "GET / http/1.1|Host: a||".crlf,
             expected: ["failure 400 invalid HTTP version"]),
        Case(name: "CONNECT is not implemented", input: "CONNECT a.com:443 HTTP/1.1|Host: a.com||".crlf,
             expected: ["failure 501 CONNECT is not supported"]),
        Case(name: "bare LF ends no line", input: Array("GET / HTTP/1.1\nHost: a\n\n".utf8),
             expected: ["failure 400 line ending is LF without CR"]),
        Case(name: "bare LF inside the header section", input: Array("GET / HTTP/1.1\r\nHost: a\nX: y\r\n\r\n".utf8),
             expected: ["failure 400 line ending is LF without CR"]),
        Case(name: "bare CR inside a value", input: Array("GET / HTTP/1.1\r\nHost: a\rX: y\r\n\r\n".utf8),
             expected: ["failure 400 invalid character in header field value"]),
        Case(name: "NUL inside a value", input: Array("GET / HTTP/1.1\r\nHost: a\0b\r\n\r\n".utf8),
             expected: ["failure 400 invalid character in header field value"]),
        Case(name: "obs-fold", input: "GET / HTTP/1.1|Host: a|X: a| b||".crlf,
             expected: ["failure 400 obsolete line folding"]),
        Case(name: "whitespace before the colon", input: "GET / HTTP/1.1|Host : a||".crlf,
             expected: ["failure 400 whitespace between header name and colon"]),
        Case(name: "header without a colon", input: "GET / HTTP/1.1|Host: a|Nonsense||".crlf,
             expected: ["failure 400 invalid header field name"]),
        Case(name: "empty header name", input: "GET / HTTP/1.1|Host: a|: v||".crlf,
             expected: ["failure 400 invalid header field name"]),
        Case(name: "HTTP/1.1 without Host", input: "GET / HTTP/1.1|X: y||".crlf,
             expected: ["failure 400 HTTP/1.1 request without Host"]),
        Case(name: "two Host fields", input: "GET / HTTP/1.1|Host: a|Host: b||".crlf,
             expected: ["failure 400 more than one Host field"]),
        Case(name: "two Host fields, the second empty", input: "GET / HTTP/1.1|Host: a|Host: ||".crlf,
             expected: ["failure 400 more than one Host field"]),
        Case(name: "Host with a space", input: "GET / HTTP/1.1|Host: a b||".crlf,
             expected: ["failure 400 invalid Host"]),
        Case(name: "Host as a list", input: "GET / HTTP/1.1|Host: t, u||".crlf,
             expected: ["failure 400 invalid Host"]),
        Case(name: "Host with userinfo", input: "GET / HTTP/1.1|Host: user@a||".crlf,
             expected: ["failure 400 invalid Host"]),
        Case(name: "Host with a non-numeric port", input: "GET / HTTP/1.1|Host: a:b||".crlf,
             expected: ["failure 400 invalid Host"]),
        Case(name: "Host with a path", input: "GET / HTTP/1.1|Host: a/b||".crlf,
             expected: ["failure 400 invalid Host"]),
        Case(name: "Host with an unclosed IPv6 literal", input: "GET / HTTP/1.1|Host: [::1||".crlf,
             expected: ["failure 400 invalid Host"]),
        Case(name: "Host with a broken percent-encoding", input: "GET / HTTP/1.1|Host: a%zz||".crlf,
             expected: ["failure 400 invalid Host"]),
        Case(name: "HTTP/1.0 with an invalid Host", input: "GET / HTTP/1.0|Host: a b||".crlf,
             expected: ["failure 400 invalid Host"]),
        Case(name: "HTTP/1.9 still needs its Host", input: "GET / HTTP/1.9|X: y||".crlf,
             expected: ["failure 400 HTTP/1.1 request without Host"]),
        Case(name: "HTTP/3.0 is 505", input: "GET / HTTP/3.0|Host: a||".crlf,
             expected: ["failure 505 unsupported HTTP version"]),
        Case(name: "signed Content-Length", input: "POST / HTTP/1.1|Host: a|Content-Length: +5||hello".crlf,
             expected: ["failure 400 invalid Content-Length"]),
        Case(name: "Content-Length list", input: "POST / HTTP/1.1|Host: a|Content-Length: 5, 5||hello".crlf,
             expected: ["failure 400 invalid Content-Length"]),
        Case(name: "hex Content-Length", input: "POST / HTTP/1.1|Host: a|Content-Length: 0x5||hello".crlf,
             expected: ["failure 400 invalid Content-Length"]),
        Case(name: "empty Content-Length", input: "POST / HTTP/1.1|Host: a|Content-Length: ||".crlf,
             expected: ["failure 400 invalid Content-Length"]),
        Case(name: "Content-Length overflowing Int", input: "POST / HTTP/1.1|Host: a|Content-Length: 99999999999999999999999||".crlf,
             expected: ["failure 400 invalid Content-Length"]),
        Case(name: "duplicate Content-Length, even equal", input: "POST / HTTP/1.1|Host: a|Content-Length: 1|Content-Length: 1||x".crlf,
             expected: ["failure 400 more than one Content-Length"]),
        Case(name: "Content-Length with Transfer-Encoding", input: "POST / HTTP/1.1|Host: a|Content-Length: 1|Transfer-Encoding: chunked||0||".crlf,
             expected: ["failure 400 both Content-Length and Transfer-Encoding"]),
        Case(name: "Content-Length over the body limit is refused before reading",
             input: "POST / HTTP/1.1|Host: a|Content-Length: 1048577||".crlf,
             expected: ["failure 413 request body too large"]),
        Case(name: "unknown transfer coding before chunked is 501", input: "POST / HTTP/1.1|Host: a|Transfer-Encoding: gzip, chunked||".crlf,
             expected: ["failure 501 unsupported transfer coding"]),
        Case(name: "chunked not last", input: "POST / HTTP/1.1|Host: a|Transfer-Encoding: chunked, gzip||".crlf,
             expected: ["failure 400 chunked is not the final transfer coding"]),
        Case(name: "chunked twice", input: "POST / HTTP/1.1|Host: a|Transfer-Encoding: chunked|Transfer-Encoding: chunked||".crlf,
             expected: ["failure 400 chunked is not the final transfer coding"]),
        Case(name: "identity alone has no framing", input: "POST / HTTP/1.1|Host: a|Transfer-Encoding: identity||".crlf,
             expected: ["failure 400 chunked is not the final transfer coding"]),
        Case(name: "Transfer-Encoding in HTTP/1.0", input: "POST / HTTP/1.0|Transfer-Encoding: chunked||0||".crlf,
             expected: ["failure 400 Transfer-Encoding in an HTTP/1.0 request"]),
        Case(name: "non-hex chunk size", input: "POST / HTTP/1.1|Host: a|Transfer-Encoding: chunked||zz|".crlf,
             expected: ["head POST / HTTP/1.1 chunked", "failure 400 invalid chunk size"]),
        Case(name: "chunk size with trailing garbage", input: "POST / HTTP/1.1|Host: a|Transfer-Encoding: chunked||5x|".crlf,
             expected: ["head POST / HTTP/1.1 chunked", "failure 400 invalid chunk size"]),
        Case(name: "chunk size overflow", input: "POST / HTTP/1.1|Host: a|Transfer-Encoding: chunked||fffffffffffffffffff|".crlf,
             expected: ["head POST / HTTP/1.1 chunked", "failure 400 invalid chunk size"]),
        Case(name: "chunked body past the limit", input: "POST / HTTP/1.1|Host: a|Transfer-Encoding: chunked||100001|".crlf,
             expected: ["head POST / HTTP/1.1 chunked", "failure 413 request body too large"]),
        Case(name: "chunk data without CRLF", input: "POST / HTTP/1.1|Host: a|Transfer-Encoding: chunked||3|abcX".crlf,
             expected: ["head POST / HTTP/1.1 chunked", "failure 400 chunk data not followed by CRLF"]),
        Case(name: "chunk extension with a bare CR", input: Array("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3;a\rb\r\nabc\r\n0\r\n\r\n".utf8),
             expected: ["head POST / HTTP/1.1 chunked", "failure 400 invalid chunk extension"]),
        Case(name: "chunk extension without a name", input: "POST / HTTP/1.1|Host: a|Transfer-Encoding: chunked||3;=x|abc|0||".crlf,
             expected: ["head POST / HTTP/1.1 chunked", "failure 400 invalid chunk extension"]),
        Case(name: "unterminated quoted chunk extension", input: "POST / HTTP/1.1|Host: a|Transfer-Encoding: chunked||3;a=\"x|abc|0||".crlf,
             expected: ["head POST / HTTP/1.1 chunked", "failure 400 invalid chunk extension"]),
        Case(name: "chunk-size line with a bare LF", input: Array("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\nabc\r\n0\r\n\r\n".utf8),
             expected: ["head POST / HTTP/1.1 chunked", "failure 400 line ending is LF without CR"]),
        Case(name: "invalid trailer field", input: "POST / HTTP/1.1|Host: a|Transfer-Encoding: chunked||0|Bad Name: x||".crlf,
             expected: ["head POST / HTTP/1.1 chunked", "failure 400 invalid header field name"]),
        Case(name: "unsupported expectation is 417", input: "PUT / HTTP/1.1|Host: a|Expect: teapot|Content-Length: 1||x".crlf,
             expected: ["failure 417 unsupported expectation"]),
        Case(name: "too many empty lines before the request", input: "|||||||||GET / HTTP/1.1|Host: a||".crlf,
             expected: ["failure 400 malformed request line"]),
    ]

    @Test("rejected input fails with the precise rule whatever the chunking", arguments: rejected)
    func rejectedInput(_ testCase: Case) {
        let (whole, mismatch) = ParserHarness.eventsAtEverySplit(testCase.input)
        #expect(whole == testCase.expected)
        #expect(mismatch == nil)
    }

    @Test("a parser that failed keeps failing: the stream is out of sync")
    func failureIsSticky() {
        var parser = HTTPRequestParser()
        parser.feed("GET / HTTP/9.9|Host: a||GET / HTTP/1.1|Host: a||".crlf)
        guard case .failure(let first) = parser.next(), case .failure(let second) = parser.next() else {
            Issue.record("expected two failures")
            return
        }
        #expect(first == second)
        #expect(first.status.code == 505)
    }

    @Test("the requireHost switch lets HTTP/1.1 without Host through, but never two Hosts")
    func hostSwitch() {
        var limits = HTTPRequestParser.Limits()
        limits.requireHost = false
        #expect(ParserHarness.events("GET / HTTP/1.1||".crlf, limits: limits) == ["head GET / HTTP/1.1 none", "complete GET / body="])
        #expect(ParserHarness.events("GET / HTTP/1.1|Host: a|host: b||".crlf, limits: limits) == ["failure 400 more than one Host field"])
    }

    @Test("the phase follows the message: idle, head, body, idle")
    func phases() {
        var parser = HTTPRequestParser()
        #expect(parser.phase == .idle)
        parser.feed("POST / HTTP/1.1|Host: a|Con".crlf)
        _ = parser.next()
        #expect(parser.phase == .head)
        parser.feed("tent-Length: 2||h".crlf)
        guard case .head = parser.next() else { Issue.record("expected head"); return }
        _ = parser.next()
        #expect(parser.phase == .body)
        parser.feed(Array("i".utf8))
        guard case .complete(let request) = parser.next() else { Issue.record("expected complete"); return }
        #expect(request.body == Array("hi".utf8))
        #expect(parser.phase == .idle)
    }
}
