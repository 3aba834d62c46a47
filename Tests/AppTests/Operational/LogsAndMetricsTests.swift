import App
import Foundation
import TestSupport
import Testing

/// What an operator's log shipper and Prometheus get: JSON log lines and the extra metric series.
@Suite("logs and metrics", .serialized)
struct LogsAndMetricsTests {
    @Test("/metrics counts the HTTP layer's own refusals and has process and build-info series")
    func metricsSeries() throws {
        let app = try TestApplication()
        // A request line with a space in the target: the parser refuses it (400) before routing.
        let client = try TestClient(port: app.port)
        try client.send("GET /a b HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.expectResponse().status == 400)
        let tooLarge = try TestClient(port: app.port)
        try tooLarge.send("POST /v1/contacts HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 99999999\r\n\r\n")
        #expect(try tooLarge.expectResponse().status == 413)

        let metrics = try app.metrics().text
        #expect(metrics.contains("viperd_http_refusals_total{status=\"400\"} 1"), "\(metrics)")
        #expect(metrics.contains("viperd_http_refusals_total{status=\"413\"} 1"))
        #expect(metrics.contains("viperd_build_info{version=\"\(BuildInfo.version)\"} 1"))
        for series in ["process_cpu_seconds_total", "process_resident_memory_bytes", "process_open_fds", "process_max_fds", "process_start_time_seconds"] {
            let line = metrics.split(separator: "\n").first { $0.hasPrefix(series + " ") }
            let value = line.flatMap { Double($0.split(separator: " ").last ?? "") }
            #expect(value.map { $0 > 0 } == true, "\(series): \(line ?? "absent")")
        }
        // The test process's start, in Unix seconds by the wall clock: before now, and within the
        // hour (a whole suite run under load can start this test minutes after the process; a
        // wrong unit, milliseconds or clock ticks since boot, is off by far more).
        let start = metrics.split(separator: "\n").first { $0.hasPrefix("process_start_time_seconds ") }
            .flatMap { Double($0.split(separator: " ")[1]) } ?? 0
        let now = Date().timeIntervalSince1970
        #expect(start <= now + 1 && start > now - 3600, "process_start_time_seconds \(start), now \(now)")
    }

    @Test("/metrics has the SQLite store's commit, checkpoint, reader cache and search index series, which follow the writes")
    func sqliteSeries() throws {
        let app = try TestApplication()
        func value(_ series: String, in metrics: String) -> Double? {
            metrics.split(separator: "\n").first { $0.hasPrefix(series + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") }
        }
        let before = try app.metrics().text
        let created = try app.request("POST", "/v1/contacts", json: #"{"firstName":"Ada","lastName":"Lovelace"}"#)
        #expect(created.status == 201)

        let metrics = try app.metrics().text
        let commits = value("viperd_sqlite_commits_total", in: metrics) ?? 0
        #expect(commits - (value("viperd_sqlite_commits_total", in: before) ?? 0) >= 1, "\(metrics)")
        #expect(value("viperd_sqlite_committed_writes_total", in: metrics) ?? 0 >= commits)
        #expect(value(#"viperd_sqlite_group_commit_size_bucket{le="+Inf"}"#, in: metrics) == commits)
        #expect(value("viperd_sqlite_group_commit_size_count", in: metrics) == commits)
        #expect(value("viperd_sqlite_search_segments", in: metrics) ?? 0 >= 1, "the contact's index entries are a segment")
        for series in [
            "viperd_sqlite_group_commit_waits_total", "viperd_sqlite_checkpoints_total", "viperd_sqlite_checkpointed_frames_total",
            "viperd_sqlite_checkpoint_seconds_total", "viperd_sqlite_wal_frames", "viperd_sqlite_reader_cache_hits_total",
            "viperd_sqlite_reader_cache_misses_total", "viperd_sqlite_search_merges_total",
        ] {
            #expect(value(series, in: metrics) != nil, "\(series) absent")
        }
        #expect(value("viperd_sqlite_reader_cache_misses_total", in: metrics) ?? 0 > 0, "the request's reads loaded pages")
    }

    @Test("--log-format json writes one parseable object per line; an expected refusal is not an error and shows no SQL")
    func jsonLogLines() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-logs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ViperdProcess(["--db", folder.appendingPathComponent("db.sqlite").path, "--log-format", "json"])
        for (expected, password) in [(202, "a long enough password"), (422, "short")] {
            let body = #"{"name":"Ops","email":"ops@example.com","password":"\#(password)"}"#
            let client = try TestClient(port: server.port, receiveTimeout: TestClient.hashingTimeout)
            try client.send("POST /v1/users HTTP/1.1\r\nHost: t\r\nX-Request-ID: req-\(expected)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            #expect(try client.expectResponse().status == expected)
        }
        #expect(server.stop() == 0)

        let lines = server.log.split(separator: "\n").filter { !$0.isEmpty }
        #expect(lines.count >= 4)
        var objects: [[String: Any]] = []
        for line in lines {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object != nil, "not a JSON object: \(line)")
            if let object { objects.append(object) }
        }
        for object in objects {
            #expect(object["time"] is String && object["level"] is String && object["message"] is String, "\(object)")
        }
        let conflict = try #require(objects.first { $0["request_id"] as? String == "req-422" })
        #expect(conflict["method"] as? String == "POST")
        #expect(conflict["path"] as? String == "/v1/users")
        #expect(conflict["status"] as? Int == 422)
        #expect((conflict["bytes"] as? Int).map { $0 > 0 } == true)
        #expect(conflict["duration_ms"] is Double || conflict["duration_ms"] is Int)
        #expect(conflict["level"] as? String == "info")
        #expect(!objects.contains { $0["level"] as? String == "error" }, "\(server.log)")
        #expect(!server.log.contains("INSERT"), "SQL in the log: \(server.log)")
    }

    @Test("an unknown --log-format is refused at start, naming the option")
    func badLogFormat() throws {
        let result = try ViperdProcess.run(["serve", "--log-format", "xml"])
        #expect(result.status != 0)
        #expect(result.output.contains("--log-format (or VIPERD_LOG_FORMAT): 'xml' is not one of text, json"), "\(result.output)")
    }
}
