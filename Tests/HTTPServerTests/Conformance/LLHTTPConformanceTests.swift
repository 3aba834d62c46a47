import Foundation
import HTTPServer
import Logging
import TestSupport
import Testing

/// Replays llhttp's request vectors against the real server over a socket, per the replay rules
/// in `Tests/Conformance/llhttp-request-vectors/README.md`.
@Suite("llhttp request vectors")
struct LLHTTPConformanceTests {
    static let vectors = LLHTTPVector.loadAll()

    /// Where Viperd is deliberately stricter than llhttp, with the reason. Each listed vector must
    /// still end in a 4xx/5xx and a closed connection.
    static let stricter: [String: String] = [
        "method.md: M-SEARCH request":
            "M-SEARCH is not a method Viperd implements (501, RFC 9110 §9.1); SSDP is not HTTP",
        "method.md: SOURCE request with ICE": "only HTTP/1.0 and HTTP/1.1 are served, not ICE/1.0",
        "method.md: OPTIONS request with RTSP": "only HTTP/1.0 and HTTP/1.1 are served, not RTSP/1.0",
        "method.md: ANNOUNCE request with RTSP": "only HTTP/1.0 and HTTP/1.1 are served, not RTSP/1.0",
        "sample.md: No HTTP version": "HTTP/0.9 simple requests are not served",
        "transfer-encoding.md: POST with `chunked` as last transfer-encoding":
            "a request-target has no fragment (RFC 9112 §3.2); this one has `#hey`",
        "transfer-encoding.md: POST with `chunked` as last transfer-encoding (multiple headers)":
            "a request-target has no fragment (RFC 9112 §3.2); this one has `#hey`",
        "uri.md: Fragment in URI": "a request-target has no fragment (RFC 9112 §3.2)",
    ]

    /// llhttp stops at `Upgrade` (it hands the connection to the caller); Viperd upgrades to
    /// nothing, so it answers the request as plain HTTP/1.1, which RFC 9110 §7.8 allows.
    static let upgradePause = "Pause on CONNECT/Upgrade"
    static let dataAfterClose = "Data after `Connection: close`"

    @Test("the vectors are there to replay")
    func vectorsLoaded() {
        #expect(Self.vectors.count > 100, "expected the llhttp vectors at \(LLHTTPVector.folder.path)")
    }

    @Test("each vector gets the answer the replay rules require", arguments: vectors)
    func replay(_ vector: LLHTTPVector) throws {
        do {
            let client = try TestClient(port: try Self.sharedServer.get().localPort, receiveTimeout: 10)
            try client.send(vector.bytes)
            client.shutdownWrite()
            let statuses = Self.statuses(client.readToEnd())
            let reason = vector.rejectionReason ?? ""
            if reason.contains(Self.dataAfterClose) {
                #expect(statuses.count == 1 && statuses[0] < 400, "answer the first request, ignore the rest: \(statuses)")
            } else if reason.contains(Self.upgradePause) && vector.bytes.starts(with: Array("CONNECT ".utf8)) {
                // No tunnels: CONNECT is refused with 501 and the connection closed.
                #expect(statuses == [501], "CONNECT is not implemented: \(statuses)")
            } else if reason.contains(Self.upgradePause) {
                #expect(statuses.first.map { $0 < 400 } == true, "Upgrade is ignored, the request answered: \(statuses)")
            } else if vector.rejected {
                #expect(statuses.last.map { $0 >= 400 } == true, "llhttp rejects this (\(reason)); we answered \(statuses)")
                #expect(statuses.dropLast().allSatisfy { $0 < 400 }, "\(statuses)")
            } else if let why = Self.stricter[vector.testDescription] {
                #expect(statuses.last.map { $0 >= 400 } == true, "listed as stricter (\(why)) but answered \(statuses)")
            } else {
                // Accepted: every complete message answered (none silently dropped; a message the
                // client left unfinished gets none), each with a success, or with what a method the
                // server does not implement gets: 501 for an unknown one (RFC 9110 §9.1), 405 for
                // one it recognizes. A 413, 431 or 5xx would be the server refusing what llhttp takes.
                let method = HTTPMethod(String(decoding: vector.bytes.prefix { $0 != UInt8(ascii: " ") }, as: UTF8.self))
                #expect(statuses.count == vector.messages, "\(vector.messages) complete messages, answered \(statuses)")
                #expect(statuses.allSatisfy { $0 < 400 || Self.unimplementedAnswer(method, status: $0) }, "llhttp accepts this; we answered \(statuses)")
            }
        }
    }

    /// One server for every vector: a server per case would make hundreds of thread pools.
    /// The vectors mostly omit Host; the Host rule has its own parser tests.
    static let sharedServer: Result<HTTPServer, any Error> = Result {
        var logger = Logger(label: "llhttp")
        logger.logLevel = .critical
        let configuration = TestServer.configuration { $0.requireHost = false; $0.lingerTimeout = .milliseconds(200) }
        let server = HTTPServer(configuration: configuration, logger: logger, handler: methodAware)
        try server.start()
        return server
    }

    /// The server refuses a method it does not recognize with 501 before any handler runs; one it
    /// recognizes without implementing (TRACE, QUERY) reaches the handler, which answers 405 as the
    /// app's router does. Anything else reaching the handler unimplemented is a bug (500).
    static let methodAware: HTTPServer.Handler = { request in
        if request.method.isImplemented { return HTTPResponse(status: .ok) }
        return HTTPResponse(status: HTTPMethod.recognized.contains(request.method) ? .methodNotAllowed : .internalServerError)
    }

    /// Whether `status` is what the server answers `method` when it does not implement it.
    static func unimplementedAnswer(_ method: HTTPMethod, status: Int) -> Bool {
        guard !method.isImplemented else { return false }
        return status == 501 || (status == 405 && HTTPMethod.recognized.contains(method))
    }

    /// Status codes of a stream of bodiless responses.
    static func statuses(_ bytes: [UInt8]) -> [Int] {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.components(separatedBy: "\r\n\r\n").compactMap { head in
            guard head.hasPrefix("HTTP/1.1 ") else { return nil }
            return Int(head.dropFirst(9).prefix(3))
        }
    }
}
