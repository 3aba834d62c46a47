import App
import Domain
import Foundation
import HTTPServer
import Logging
import SQLiteGateway
import Security
import TestSupport
import Testing

/// The composed application on an ephemeral port with its own temporary SQLite database.
final class TestApplication {
    let application: Application
    let directory: URL
    var port: Int { application.server.localPort }

    /// A bearer token of a freshly registered user, for tests that do not care who they are.
    private(set) var token = ""

    /// `clock` is the application's "now", for tests that move time (draft expiry); `owner` is
    /// the email of the user registered at start (another one for a second instance on the
    /// same database).
    init(clock: any Clock = SystemClock(), owner: String = "owner@example.com", _ configure: (inout AppConfiguration) -> Void = { _ in }) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-test-\(UUID().uuidString)")
        var configuration = AppConfiguration()
        configuration.server.host = "127.0.0.1"
        configuration.server.port = 0
        configuration.server.workerCount = 4
        configuration.server.eventLoopCount = 2
        configuration.databasePath = directory.appendingPathComponent("viperd.sqlite").path
        configuration.synchronous = .normal
        configuration.passwordHashing = .fastForTests
        // Each instance its own free port: tests run side by side.
        configuration.metricsAddress = ListenAddress(host: "127.0.0.1", port: 0)
        configure(&configuration)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        application = try Application(configuration: configuration, logger: logger, clock: clock)
        try application.server.start()
        application.startMetrics(logger: logger)
        token = try register(email: owner)
    }

    /// Registers a user as a client does (register, read the code mailed to them, sign in,
    /// verify unless `verified` is false) and returns their bearer token.
    func register(email: String, password: String = "correct horse battery", name: String = "Test User", verified: Bool = true) throws -> String {
        let response = try request("POST", "/v1/users", json: #"{"name":"\#(name)","email":"\#(email)","password":"\#(password)"}"#, auth: .none)
        guard response.status == 202 else { throw RegistrationFailed(description: "registration failed: \(response.status) \(response.text)") }
        let token = try signIn(email: email, password: password)
        if verified {
            let verification = try request("POST", "/v1/users/verify", json: #"{"code":"\#(try mailedCode(to: email))"}"#, auth: .bearer(token))
            guard verification.status == 200 else { throw RegistrationFailed(description: "verification failed: \(verification.status) \(verification.text)") }
        }
        return token
    }

    /// Signs in and returns the bearer token.
    func signIn(email: String, password: String = "correct horse battery") throws -> String {
        let response = try request("POST", "/v1/sessions", json: #"{"email":"\#(email)","password":"\#(password)"}"#, auth: .none)
        guard response.status == 201, let token = Self.object(response)["token"] as? String else {
            throw RegistrationFailed(description: "sign-in failed: \(response.status) \(response.text)")
        }
        return token
    }

    /// The code of the newest message of `kind` queued to `email` (the delivery worker does not
    /// run in tests, so the outbox still holds it).
    func mailedCode(to email: String, kind: MailKind = .emailVerification) throws -> String {
        let mail = try application.storage.gateway.outbox.recentMail(limit: 1000)
        guard let code = mail.first(where: { $0.request.recipient == email.lowercased() && $0.request.kind == kind })?.request.secret else {
            throw RegistrationFailed(description: "no \(kind.rawValue) mail with a code to \(email)")
        }
        return code
    }

    deinit {
        application.stopUpkeep()
        application.server.shutdown()
        application.server.waitUntilStopped()
        application.metricsServer?.shutdown()
        application.metricsServer?.waitUntilStopped()
        try? FileManager.default.removeItem(at: directory)
    }

    /// One request on a fresh connection; `json` is sent as `application/json`.
    /// Whose token a request carries.
    enum Auth {
        /// The user registered when the application started.
        case owner
        case none
        case bearer(String)
    }

    @discardableResult
    func request(_ method: String, _ target: String, json: String? = nil, headers: [String: String] = [:], auth: Auth = .owner) throws -> TestClient.Response {
        let client = try TestClient(port: port)
        var head = "\(method) \(target) HTTP/1.1\r\nHost: test\r\nConnection: close\r\n"
        switch auth {
        case .owner: head += "Authorization: Bearer \(token)\r\n"
        case .none: break
        case .bearer(let bearer): head += "Authorization: Bearer \(bearer)\r\n"
        }
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

    /// `GET /metrics` from the metrics listener (`--metrics-address`), which the API's port
    /// does not serve.
    func metrics() throws -> TestClient.Response {
        let metricsServer = try #require(application.metricsServer, "the metrics listener is off")
        let client = try TestClient(port: metricsServer.localPort)
        try client.send("GET /metrics HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        return try client.expectResponse()
    }

    /// The body as a JSON object.
    static func object(_ response: TestClient.Response) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
    }
}

struct RegistrationFailed: Error, CustomStringConvertible {
    let description: String
}
