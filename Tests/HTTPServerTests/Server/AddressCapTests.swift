import Foundation
import HTTPServer
import TestSupport
import Testing

/// The per-address connection cap over real sockets: one host past its share is answered 503 at
/// accept time, other hosts are not affected, and a slot comes back when a connection closes.
@Suite("HTTP server: connections per client address")
struct AddressCapTests {
    @Test("a connection past the per-address cap is answered 503 at once; another address is still served")
    func capPerAddress() throws {
        try TestServer.with({ $0.maxConnectionsPerAddress = 2 }) { server in
            var first: TestClient? = try TestClient(port: server.localPort)
            let second = try TestClient(port: server.localPort)
            #expect(eventually { server.openConnectionCount == 2 })
            let third = try TestClient(port: server.localPort)
            let refused = try third.expectResponse()
            #expect(refused.status == 503)
            #expect(refused.text.contains("from this address"))
            #expect(third.isClosedByServer())

            let elsewhere = try TestClient(port: server.localPort, from: "127.0.0.2")
            try elsewhere.send("GET /other HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try elsewhere.expectResponse().status == 200)

            try second.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try second.expectResponse().status == 200, "the connections under the cap are served")

            // A closed connection gives its slot back.
            first = nil
            #expect(eventually { server.openConnectionCount == 2 })
            let fourth = try TestClient(port: server.localPort)
            try fourth.send("GET /again HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try fourth.expectResponse().status == 200)
            _ = first
        }
    }

    @Test("0 turns the cap off, and an exempt peer (a trusted proxy) is never capped", arguments: [0, 1])
    func offOrExempt(cap: Int) throws {
        try TestServer.with({ configuration in
            configuration.maxConnectionsPerAddress = cap
            if cap > 0 { configuration.isExemptFromAddressCap = { $0 == "127.0.0.1" } }
        }) { server in
            let clients = try (0..<4).map { _ in try TestClient(port: server.localPort) }
            for client in clients {
                try client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(try client.expectResponse().status == 200)
            }
        }
    }

    @Test("many connections from one address are refused or dropped, and every slot is given back")
    func slotsComeBack() throws {
        try TestServer.with({ $0.maxConnectionsPerAddress = 4; $0.lingerTimeout = .milliseconds(50) }) { server in
            var clients = try (0..<40).map { _ in try TestClient(port: server.localPort, receiveTimeout: 1) }
            #expect(eventually { server.openConnectionCount <= 4 }, "refused connections close")
            clients.removeAll()
            #expect(eventually { server.openConnectionCount == 0 })
            // Connections still in the listen backlog when the clients closed are accepted (and
            // counted against the address) a moment later: let that settle before counting slots.
            Thread.sleep(forTimeInterval: 0.3)
            #expect(eventually { server.openConnectionCount == 0 })
            let again = try (0..<4).map { _ in try TestClient(port: server.localPort) }
            for client in again {
                try client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(try client.expectResponse().status == 200, "no slot leaked")
            }
        }
    }
}
