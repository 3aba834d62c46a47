import App
import Foundation
import HTTPServer
import Logging
import TestSupport

/// The composed application on an ephemeral port with its own temporary SQLite database.
final class TestApplication {
    let application: Application
    let directory: URL
    var port: Int { application.server.localPort }

    init(_ configure: (inout AppConfiguration) -> Void = { _ in }) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-test-\(UUID().uuidString)")
        var configuration = AppConfiguration()
        configuration.server.host = "127.0.0.1"
        configuration.server.port = 0
        configuration.server.workerCount = 4
        configuration.server.eventLoopCount = 2
        configuration.databasePath = directory.appendingPathComponent("viperd.sqlite").path
        configuration.synchronous = .normal
        configure(&configuration)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        application = try Application(configuration: configuration, logger: logger)
        try application.server.start()
    }

    deinit {
        application.server.shutdown()
        application.server.waitUntilStopped()
        try? FileManager.default.removeItem(at: directory)
    }

    /// One request on a fresh connection; `json` is sent as `application/json`.
    @discardableResult
    func request(_ method: String, _ target: String, json: String? = nil, headers: [String: String] = [:]) throws -> TestClient.Response {
        let client = try TestClient(port: port)
        var head = "\(method) \(target) HTTP/1.1\r\nHost: test\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        var body: [UInt8] = []
        if let json {
            body = Array(json.utf8)
            if headers["Content-Type"] == nil { head += "Content-Type: application/json\r\n" }
            head += "Content-Length: \(body.count)\r\n"
        }
        try client.send(Array((head + "\r\n").utf8) + body)
        return try client.expectResponse(headRequest: method == "HEAD")
    }

    /// The body as a JSON object.
    static func object(_ response: TestClient.Response) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
    }
}
