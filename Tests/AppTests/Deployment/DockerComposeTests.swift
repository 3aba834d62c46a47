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
}
