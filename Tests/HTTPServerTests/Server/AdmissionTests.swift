@testable import HTTPServer
import Testing

/// What a newly accepted connection is told before its address is counted.
@Suite("HTTP server: admission at accept")
struct AdmissionTests {
    @Test("under the cap and running: admitted")
    func admitted() {
        #expect(HTTPServer.admission(open: 4, maxConnections: 4, shuttingDown: false) == nil)
    }

    @Test("past the cap: server at capacity")
    func pastTheCap() {
        #expect(HTTPServer.admission(open: 5, maxConnections: 4, shuttingDown: false) == HTTPParseError(.serverAtCapacity))
    }

    @Test("while shutting down: shutting down, even past the cap, and never 'at capacity'")
    func shuttingDown() {
        #expect(HTTPServer.admission(open: 1, maxConnections: 4, shuttingDown: true) == HTTPParseError(.shuttingDown))
        #expect(HTTPServer.admission(open: 9, maxConnections: 4, shuttingDown: true) == HTTPParseError(.shuttingDown))
    }
}
