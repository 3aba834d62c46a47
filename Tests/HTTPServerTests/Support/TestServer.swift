import Foundation
import HTTPServer
import Logging
import TestSupport

/// Starts a real server on an ephemeral loopback port for one test, and always stops it.
enum TestServer {
    static func configuration(_ configure: (inout HTTPServerConfiguration) -> Void = { _ in }) -> HTTPServerConfiguration {
        var configuration = HTTPServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.workerCount = 4
        configuration.writeWorkerCount = 4
        configuration.eventLoopCount = 2
        configuration.shutdownTimeout = .seconds(3)
        configure(&configuration)
        return configuration
    }

    static func with<T>(
        _ configure: (inout HTTPServerConfiguration) -> Void = { _ in },
        errorResponder: @escaping HTTPServer.ErrorResponder = HTTPServer.plainTextError,
        handler: @escaping HTTPServer.Handler = TestHandlers.standard,
        _ body: (HTTPServer) throws -> T
    ) throws -> T {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let server = HTTPServer(configuration: configuration(configure), logger: logger, errorResponder: errorResponder, handler: handler)
        try server.start()
        defer {
            server.shutdown()
            server.waitUntilStopped()
        }
        return try body(server)
    }
}

/// Handlers the socket tests talk to.
enum TestHandlers {
    /// `/echo` returns the body; `/sleep?ms=N` waits; `/bytes?n=N` returns N bytes; `/status?code=N`;
    /// anything else answers `METHOD path` as text.
    static let standard: HTTPServer.Handler = { request in
        let query = request.query ?? ""
        func number(_ key: String) -> Int {
            for pair in query.split(separator: "&") where pair.hasPrefix("\(key)=") {
                return Int(pair.dropFirst(key.count + 1)) ?? 0
            }
            return 0
        }
        switch request.path {
        case "/echo":
            var headers = HTTPHeaders()
            for field in request.trailers { headers.add(name: "X-Trailer-\(field.name)", value: field.value) }
            return HTTPResponse(status: .ok, headers: headers, body: request.body)
        case "/sleep":
            usleep(UInt32(number("ms") * 1000))
            return HTTPResponse(status: .ok, body: Array("slept".utf8))
        case "/bytes":
            return HTTPResponse(status: .ok, body: [UInt8](repeating: UInt8(ascii: "x"), count: number("n")))
        case "/status":
            return HTTPResponse(status: HTTPStatus(code: number("code")), body: Array("status body".utf8))
        case "/split":
            return HTTPResponse(status: .ok, headers: ["X-Evil": "a\r\nSet-Cookie: x=1"], body: [])
        default:
            return HTTPResponse(status: .ok, body: Array("\(request.method) \(request.path)".utf8))
        }
    }
}

