import HTTPServer
import Testing

/// Every size limit, each with its status, decided as early as the bytes allow.
@Suite("HTTP parser limits")
struct ParserLimitTests {
    static func limits(_ configure: (inout HTTPRequestParser.Limits) -> Void) -> HTTPRequestParser.Limits {
        var limits = HTTPRequestParser.Limits()
        configure(&limits)
        return limits
    }

    @Test("a request line over the limit is 414, even before its CRLF arrives")
    func requestLineLimit() {
        let limits = Self.limits { $0.maxRequestLineBytes = 64 }
        let path = String(repeating: "a", count: 80)
        #expect(ParserHarness.events(Array("GET /\(path)".utf8), limits: limits) == ["failure 414 request line too long"])
        #expect(ParserHarness.events("GET /\(path.prefix(40)) HTTP/1.1|Host: a||".crlf, limits: limits).last == "complete GET /\(path.prefix(40)) body=")
    }

    @Test("one header line over the limit is 431")
    func headerLineLimit() {
        let limits = Self.limits { $0.maxHeaderLineBytes = 100 }
        let value = String(repeating: "v", count: 120)
        #expect(ParserHarness.events("GET / HTTP/1.1|Host: a|X: \(value)||".crlf, limits: limits) == ["failure 431 header field line too long"])
        #expect(ParserHarness.events(Array("GET / HTTP/1.1\r\nX: \(value)".utf8), limits: limits) == ["failure 431 header field line too long"])
    }

    @Test("a header section over the limit is 431")
    func headerSectionLimit() {
        let limits = Self.limits { $0.maxHeaderBytes = 200 }
        let fields = (0..<20).map { "X-\($0): 0123456789|" }.joined()
        #expect(ParserHarness.events("GET / HTTP/1.1|Host: a|\(fields)|".crlf, limits: limits) == ["failure 431 header section too large"])
    }

    @Test("more header fields than allowed is 431")
    func headerCountLimit() {
        let limits = Self.limits { $0.maxHeaderCount = 5 }
        let fields = (0..<5).map { "X-\($0): v|" }.joined()
        #expect(ParserHarness.events("GET / HTTP/1.1|Host: a|\(fields)|".crlf, limits: limits) == ["failure 431 too many header fields"])
        let fewer = (0..<4).map { "X-\($0): v|" }.joined()
        #expect(ParserHarness.events("GET / HTTP/1.1|Host: a|\(fewer)|".crlf, limits: limits).last == "complete GET / body=")
    }

    @Test("a body of exactly the limit passes; one byte more is 413")
    func bodyLimit() {
        let limits = Self.limits { $0.maxBodyBytes = 10 }
        #expect(ParserHarness.events("POST / HTTP/1.1|Host: a|Content-Length: 10||0123456789".crlf, limits: limits).last == "complete POST / body=0123456789")
        #expect(ParserHarness.events("POST / HTTP/1.1|Host: a|Content-Length: 11||".crlf, limits: limits) == ["failure 413 request body too large"])
        #expect(ParserHarness.events("POST / HTTP/1.1|Host: a|Transfer-Encoding: chunked||a|0123456789|1|x|0||".crlf, limits: limits).last == "failure 413 request body too large")
    }

    @Test("a chunk-size line over the limit is 400, even before its CRLF")
    func chunkLineLimit() {
        let limits = Self.limits { $0.maxChunkLineBytes = 32 }
        let ext = String(repeating: "x", count: 40)
        #expect(ParserHarness.events(Array("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n1;\(ext)".utf8), limits: limits).last == "failure 400 chunk-size line too long")
    }

    @Test("tiny chunks with long extensions cannot pile up unbounded framing bytes")
    func chunkFramingLimit() {
        let limits = Self.limits { $0.maxBodyBytes = 100; $0.maxHeaderBytes = 200 }
        let chunk = "1;" + String(repeating: "a", count: 4000) + "|X|"
        let input = ("POST / HTTP/1.1|Host: a|Transfer-Encoding: chunked||" + String(repeating: chunk, count: 20)).crlf
        #expect(ParserHarness.events(input, limits: limits).last == "failure 413 request body too large")
    }

    @Test("each refusal maps to its status code")
    func statusMapping() {
        #expect(HTTPParseError(.requestLineTooLong).status.code == 414)
        #expect(HTTPParseError(.tooManyHeaders).status.code == 431)
        #expect(HTTPParseError(.bodyTooLarge).status.code == 413)
        #expect(HTTPParseError(.unsupportedTransferCoding).status.code == 501)
        #expect(HTTPParseError(.unsupportedVersion).status.code == 505)
        #expect(HTTPParseError(.headerTimeout).status.code == 408)
        #expect(HTTPParseError(.serverAtCapacity).status.code == 503)
        #expect(HTTPParseError(.whitespaceBeforeColon).status.code == 400)
    }
}
