import Foundation
import TestSupport
import Testing

/// `viperd serve` as an operator runs it: a real process, real signals, real descriptors.
@Suite("viperd serve, as a process", .serialized)
struct ServeProcessTests {
    @Test("serve answers /health and exits 0 on SIGTERM")
    func healthAndSigterm() throws {
        let server = try ViperdProcess()
        let client = try TestClient(port: server.port)
        try client.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")
        let response = try client.expectResponse()
        #expect(response.status == 200)
        #expect(response.text == #"{"status":"ok"}"#)
        #expect(response.header("Content-Type") == "application/json")
        #expect(server.stop(signal: SIGTERM) == 0)
        #expect(server.log.contains("listening on http://127.0.0.1:\(server.port)"))
    }

    @Test("serve --check-config exits 0 on a valid configuration without serving, and 64 naming the conflict on VIPERD_DB with VIPERD_DATABASE_URL")
    func checkConfig() throws {
        let valid = try ViperdProcess.run(["serve", "--check-config", "--port", "0"], environment: ["VIPERD_DB": "/nonexistent/folder/x.sqlite"], timeout: 10)
        #expect(valid.status == 0, "\(valid.output)")
        #expect(valid.output.contains("configuration valid") && valid.output.contains("/nonexistent/folder/x.sqlite"), "\(valid.output)")
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent/folder"), "the check must not create the database")
        let conflict = try ViperdProcess.run(
            ["serve", "--check-config"], environment: ["VIPERD_DB": "/data/viperd.sqlite", "VIPERD_DATABASE_URL": "postgres://u:secret@db/viperd"],
            timeout: 10)
        #expect(conflict.status == 64, "\(conflict.output)")
        #expect(conflict.output.contains("are both set"), "\(conflict.output)")
    }

    @Test("SIGINT during a request: the request finishes, then the process exits 0")
    func sigintDrains() throws {
        let server = try ViperdProcess(["--shutdown-timeout", "5"])
        let idle = try TestClient(port: server.port)
        try idle.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")
        _ = try idle.expectResponse()
        #expect(server.stop(signal: SIGINT) == 0)
        #expect(idle.readToEnd().isEmpty)
    }

    @Test("unknown paths get a JSON 404 and the connection stays usable")
    func notFound() throws {
        let server = try ViperdProcess()
        let client = try TestClient(port: server.port)
        try client.send("POST /nowhere HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{\"a\":1}")
        let response = try client.expectResponse()
        #expect(response.status == 404)
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(response.text.contains(#""code":"not_found""#))
        try client.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.expectResponse().status == 200)
        _ = server.stop()
    }

    @Test("a SIGTERM or SIGINT sent the moment the listening line appears stops the server gracefully")
    func signalRightAfterListening() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-signal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Several times: the race this guards against (handlers registered after the line) is
        // lost in a few milliseconds.
        for (round, signal) in [SIGTERM, SIGINT, SIGTERM, SIGINT, SIGTERM, SIGTERM].enumerated() {
            let db = folder.appendingPathComponent("db-\(round).sqlite").path
            let (status, output) = try ViperdProcess.signalOnListening(signal, arguments: ["--db", db])
            #expect(status == 0, "round \(round): exit status \(status.map(String.init) ?? "none: still running"); output:\n\(output)")
            #expect(output.contains("shutting down"), "round \(round): \(output)")
        }
    }

    @Test("1,000 sequential connections leave the server's descriptor count where it was")
    func noDescriptorLeak() throws {
        let server = try ViperdProcess()
        // Dispatch creates some descriptors of its own lazily (its timer's timerfd, once the
        // event loops' ticks are first armed): count only once the idle server has settled.
        let before = server.settledFileDescriptors()
        // -1 is /proc unreadable: then the comparisons below would hold for nothing.
        try #require(before > 0, "cannot count the server's descriptors in /proc/\(server.pid)/fd")
        for _ in 0..<1000 {
            let client = try TestClient(port: server.port)
            try client.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")
            _ = try client.expectResponse()
        }
        // A leak never closes; a connection the server has not reaped yet closes by the idle
        // timeout (5 s) at the latest, so the wait covers that on a loaded machine.
        #expect(eventually(within: 15) { server.openFileDescriptors <= before })
        #expect(server.openFileDescriptors == before, "\(server.descriptorKinds)")
        _ = server.stop()
    }

    @Test("out of descriptors: accept backs off instead of spinning, and recovers")
    func descriptorExhaustion() throws {
        let server = try ViperdProcess(["--idle-timeout", "30"], shellPrefix: "ulimit -n 64")
        var clients: [TestClient] = []
        for _ in 0..<100 { if let client = try? TestClient(port: server.port) { clients.append(client) } }
        usleep(300_000)
        let ticksBefore = server.cpuTicks
        usleep(1_000_000)
        let ticksAfter = server.cpuTicks
        // -1 is /proc unreadable: then "few ticks used" would hold for nothing.
        try #require(ticksBefore >= 0 && ticksAfter >= 0, "cannot read /proc/\(server.pid)/stat")
        let ticksUsed = ticksAfter - ticksBefore
        // A busy loop on a readable listener would burn ~100 ticks per second.
        #expect(ticksUsed < 30, "CPU ticks in one second while out of descriptors: \(ticksUsed)")
        clients.removeAll()
        let recovered = eventually(within: 5) {
            guard let client = try? TestClient(port: server.port, receiveTimeout: 1) else { return false }
            guard (try? client.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")) != nil else { return false }
            return (try? client.readResponse())??.status == 200
        }
        #expect(recovered)
        #expect(server.stop() == 0)
    }

    @Test("limits come from flags and from VIPERD_* variables; the flag wins")
    func limitsFromEnvironment() throws {
        let server = try ViperdProcess(["--max-body-bytes", "10"], environment: ["VIPERD_MAX_BODY_BYTES": "100000", "VIPERD_MAX_HEADER_COUNT": "3"])
        let body = try TestClient(port: server.port)
        try body.send("POST /x HTTP/1.1\r\nHost: t\r\nContent-Length: 11\r\n\r\n")
        #expect(try body.expectResponse().status == 413)
        let headers = try TestClient(port: server.port)
        try headers.send("GET /health HTTP/1.1\r\nHost: t\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n")
        let refused = try headers.expectResponse()
        #expect(refused.status == 431)
        #expect(refused.header("Content-Type") == "application/problem+json")
        _ = server.stop()
    }

    @Test("--help documents every limit and timeout option")
    func help() throws {
        let (status, output) = try ViperdProcess.run(["serve", "--help"])
        #expect(status == 0)
        for option in [
            "--host", "--port", "--db", "--workers", "--header-timeout", "--body-timeout", "--idle-timeout",
            "--write-timeout", "--max-body-bytes", "--max-header-bytes", "--max-header-count",
            "--max-connections", "--max-requests-per-connection", "--shutdown-timeout",
        ] {
            #expect(output.contains(option), "\(option) missing from --help")
        }
        #expect(output.contains("VIPERD_HEADER_TIMEOUT"))
    }

    @Test("a bad value is refused with a message that names the option")
    func badValue() throws {
        let (status, output) = try ViperdProcess.run(["serve", "--port", "0"], environment: ["VIPERD_IDLE_TIMEOUT": "soon"])
        #expect(status != 0)
        #expect(output.contains("--idle-timeout"))
        #expect(output.contains("VIPERD_IDLE_TIMEOUT"))
    }

    @Test("--public-report-account is announced loudly at start-up, and not at all without it")
    func publicReportAccount() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-public-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("db.sqlite").path
        let open = try ViperdProcess(["--db", db, "--public-report-account", "a_demo"])
        #expect(open.stop() == 0)
        #expect(open.log.contains("PUBLIC REPORT ACCOUNT"))
        #expect(open.log.contains("a_demo"))
        let closed = try ViperdProcess(["--db", db])
        #expect(closed.stop() == 0)
        #expect(!closed.log.contains("PUBLIC REPORT"))
    }

    @Test("an unknown --default-currency stops serve before it starts, naming the option")
    func badDefaultCurrency() throws {
        let (status, output) = try ViperdProcess.run(["serve", "--port", "0", "--default-currency", "XYZ"])
        #expect(status != 0)
        #expect(output.contains("--default-currency"))
        #expect(output.contains("XYZ"))
    }

    @Test("a bad --cors-origin stops serve before it starts, naming the option")
    func badCORSOrigin() throws {
        let (status, output) = try ViperdProcess.run(["serve", "--port", "0", "--cors-origin", "https://app.example.com/app"])
        #expect(status != 0)
        #expect(output.contains("--cors-origin"))
        #expect(output.contains("https://app.example.com/app"))
    }
}
