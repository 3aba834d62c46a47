import App
import Foundation
import HTTPServer
import TestSupport
import Testing

/// `/metrics` on its own listener, end to end: never on the API's port, on loopback by default,
/// and a metrics port already taken does not keep the API from serving.
@Suite("metrics listener")
struct MetricsListenerTests {
    @Test("the API's port answers /metrics 404; the metrics listener serves the series")
    func apart() throws {
        let app = try TestApplication()
        try app.request("GET", "/v1/contacts/c_unknown")
        let onAPI = try app.request("GET", "/metrics", auth: .none)
        #expect(onAPI.status == 404)
        #expect(!onAPI.text.contains("viperd_"))
        let metrics = try app.metrics()
        #expect(metrics.status == 200)
        #expect(metrics.text.contains(#"route="/v1/contacts/{id}",status="404"} 1"#))
        #expect(app.application.metricsServer?.configuration.host == "127.0.0.1")
    }

    @Test("with --metrics-address off there is no metrics listener")
    func off() throws {
        let app = try TestApplication { $0.metricsAddress = nil }
        #expect(app.application.metricsServer == nil)
        #expect(try app.request("GET", "/metrics", auth: .none).status == 404)
    }

    @Test("viperd serve logs where the metrics are; a metrics port already taken is an error in the log, and the API still serves")
    func portTaken() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-metrics-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try ViperdProcess(["--db", folder.appendingPathComponent("a.sqlite").path, "--metrics-address", "127.0.0.1:0"])
        let marker = "metrics on http://127.0.0.1:"
        // The metrics listener starts, and says so, just after the API's listening line, which is
        // all ViperdProcess waits for.
        #expect(eventually { first.log.contains(marker) }, "\(first.log)")
        let after = try #require(first.log.range(of: marker), "\(first.log)").upperBound
        let port = try #require(Int(first.log[after...].prefix { $0.isNumber }), "\(first.log)")
        let client = try TestClient(port: port)
        try client.send("GET /metrics HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.expectResponse().text.contains("viperd_build_info"))

        let second = try ViperdProcess(["--db", folder.appendingPathComponent("b.sqlite").path, "--metrics-address", "127.0.0.1:\(port)"])
        #expect(eventually { second.log.contains("metrics listener not started") }, "\(second.log)")
        let api = try TestClient(port: second.port)
        try api.send("GET /health HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try api.expectResponse().status == 200)
        _ = first
    }
}
