import Foundation

/// The PostgreSQL server the tests use: the one `VIPERD_TEST_DATABASE_URL` names, else a
/// throw-away server this process starts once (`Scripts/lib/postgres-throwaway.sh`, durability off)
/// and that stops when the process ends.
public enum TestPostgresServer {
    /// The URL of the server's `viperd` database, or why there is no server; tests fail with the
    /// reason rather than skip, so a missing PostgreSQL is never a silent pass.
    public static let url: Result<String, TestPostgresServerError> = start()

    /// The URL of database `name` on the same server.
    public static func url(database name: String) throws -> String {
        try replacingDatabase(in: url.get(), with: name)
    }

    static func replacingDatabase(in url: String, with name: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        let pathStart = rest.firstIndex(of: "/") ?? rest.endIndex
        let pathEnd = rest[pathStart...].firstIndex(of: "?") ?? rest.endIndex
        return String(url[..<pathStart]) + "/" + name + String(rest[pathEnd...])
    }

    private static func start() -> Result<String, TestPostgresServerError> {
        if let url = ProcessInfo.processInfo.environment["VIPERD_TEST_DATABASE_URL"], !url.isEmpty {
            return .success(url)
        }
        // The port is below Linux's ephemeral range (32768 and up), where the tests' own servers
        // listen on port 0; should it still be taken, the next attempt takes another.
        var result = start(attempt: 0)
        for attempt in 1..<3 {
            guard case .failure(let error) = result, error.reason.contains("Address already in use") else { break }
            result = start(attempt: attempt)
        }
        return result
    }

    private static func start(attempt: Int) -> Result<String, TestPostgresServerError> {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let script = root.appendingPathComponent("Scripts/lib/postgres-throwaway.sh").path
        // Under /tmp: the server runs as an unprivileged user when the tests run as root, and
        // it must reach the folder.
        let folder = "/tmp/viperd-test-pg-\(getpid())-\(attempt)"
        let port = String(10_000 + (Int(getpid()) + attempt * 7_919) % 20_000)
        let output = folder + ".url"
        let complaints = folder + ".log"
        // posix_spawn and waitpid rather than Foundation's Process, whose wait never saw this
        // child end when started from a static initializer.
        // --discard: the folder goes with the server once this process ends.
        let command = "bash '\(script)' start '\(folder)' --fast --port \(port) --watch \(getpid()) --discard > '\(output)' 2> '\(complaints)'"
        let arguments = ["/bin/bash", "-c", command].map { (text: String) -> UnsafeMutablePointer<CChar>? in strdup(text) }
        defer { for argument in arguments { free(argument) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/bash", nil, nil, arguments + [nil], environ) == 0 else {
            return .failure(TestPostgresServerError(reason: "cannot run \(script)"))
        }
        // initdb and the start take seconds; a script that hangs fails every PostgreSQL test with
        // this reason instead of holding the whole run.
        let status: Int32
        do {
            status = try ChildProcess.waitpid(pid, within: 180, what: "\(script) start")
        } catch {
            let complaint = (try? String(contentsOfFile: complaints, encoding: .utf8)) ?? ""
            return .failure(TestPostgresServerError(reason: "no PostgreSQL for the tests: \(error) \(complaint)"))
        }
        let url = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let complaint = (try? String(contentsOfFile: complaints, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: output)
        try? FileManager.default.removeItem(atPath: complaints)
        guard status == 0, !url.isEmpty else {
            return .failure(TestPostgresServerError(reason: """
                no PostgreSQL for the tests: \(complaint) \
                (install Debian's postgresql package, or set VIPERD_TEST_DATABASE_URL to a server the tests may create databases on)
                """))
        }
        return .success(url)
    }
}

/// Why the tests have no PostgreSQL server.
public struct TestPostgresServerError: Error, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}
