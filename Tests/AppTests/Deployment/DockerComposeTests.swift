import Foundation
import Testing

/// The deployment files, checked the way we can without a Docker engine.
@Suite("deployment files")
struct DockerComposeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test("docker-compose.yml validates against the Compose specification schema")
    func composeValidates() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.root.appendingPathComponent("Scripts/validate-compose.py").path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
    }

    @Test("the Dockerfile builds a release binary and runs it as a non-root user with a health check")
    func dockerfile() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Dockerfile"), encoding: .utf8)
        #expect(text.contains("swift build -c release"))
        #expect(text.contains("HEALTHCHECK"))
        #expect(text.contains("/health"))
        #expect(text.contains("USER viperd"))
        #expect(text.contains("libsqlite3"))
    }

    /// Seconds of a Compose duration (`15s`, `1m30s`, `500ms`); nil when malformed.
    static func seconds(ofComposeDuration text: String) -> Double? {
        var total = 0.0
        var number = ""
        var rest = Substring(text)
        while let character = rest.first {
            if character.isNumber || character == "." {
                number.append(character)
                rest = rest.dropFirst()
                continue
            }
            guard let value = Double(number) else { return nil }
            let units: [(String, Double)] = [("ms", 0.001), ("us", 0.000_001), ("h", 3600), ("m", 60), ("s", 1)]
            guard let (unit, scale) = units.first(where: { rest.hasPrefix($0.0) }) else { return nil }
            total += value * scale
            number = ""
            rest = rest.dropFirst(unit.count)
        }
        return number.isEmpty ? total : nil
    }

    @Test("compose waits longer than the server's shutdown timeout before SIGKILL, and checks readiness")
    func stopGracePeriodAndHealthCheck() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", "import json, sys, yaml; print(json.dumps(yaml.safe_load(open(sys.argv[1]))))",
            Self.root.appendingPathComponent("docker-compose.yml").path,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let service = try #require((document["services"] as? [String: Any])?["viperd"] as? [String: Any])

        let grace = try #require((service["stop_grace_period"] as? String).flatMap(Self.seconds(ofComposeDuration:)))
        let environment = service["environment"] as? [String: Any] ?? [:]
        // The server's default when the variable is not set.
        let shutdown = (environment["VIPERD_SHUTDOWN_TIMEOUT"].map { "\($0)" }).flatMap(Double.init) ?? 10
        #expect(grace > shutdown, "stop_grace_period \(grace)s must exceed VIPERD_SHUTDOWN_TIMEOUT \(shutdown)s")

        let test = (service["healthcheck"] as? [String: Any])?["test"] as? [String] ?? []
        #expect(test.contains { $0.hasSuffix("/health/ready") }, "\(test)")
        let dockerfile = try String(contentsOf: Self.root.appendingPathComponent("Dockerfile"), encoding: .utf8)
        #expect(dockerfile.contains("http://127.0.0.1:8080/health/ready"))
    }
}
