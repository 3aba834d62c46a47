import Foundation
import HTTPServer
import Testing

/// Every input the HTTP parser fuzzer (Scripts/fuzz/fuzz.sh http-parser) ever failed on, kept in
/// Tests/FuzzFindings/http-parser and replayed with the harness's own rule: the parser gives the
/// same events whatever the chunking. A new finding is added by copying its file there.
@Suite("HTTP parser fuzz findings")
struct FuzzFindingTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzFindings/http-parser")

    /// The fuzz harness's limits: small, so short inputs reach every limit.
    static let limits: HTTPRequestParser.Limits = {
        var limits = HTTPRequestParser.Limits()
        limits.maxRequestLineBytes = 256
        limits.maxHeaderLineBytes = 256
        limits.maxHeaderBytes = 1024
        limits.maxHeaderCount = 16
        limits.maxBodyBytes = 4096
        limits.maxChunkLineBytes = 64
        return limits
    }()

    static let findings: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()

    @Test("the findings are there to replay")
    func findingsPresent() {
        #expect(Self.findings.count >= 5, "expected the fuzz findings at \(Self.folder.path)")
    }

    @Test("each finding frames the same at every split", arguments: findings)
    func replay(_ name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        // The harness's first byte chooses a split; here every split is tried.
        let stream = Array(data.dropFirst())
        let (whole, mismatch) = ParserHarness.eventsAtEverySplit(stream, limits: Self.limits)
        #expect(mismatch == nil, "whole: \(whole)")
    }

    @Test("a chunk-size line past its limit is too long whether its ending is CRLF or a bare LF")
    func chunkLineLimitBeforeLineEnding() {
        var limits = HTTPRequestParser.Limits()
        limits.maxChunkLineBytes = 64
        let head = "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
        for ending in ["\n", "\r\n"] {
            let input = Array((head + "1;" + String(repeating: "a", count: 100) + ending).utf8)
            let (whole, mismatch) = ParserHarness.eventsAtEverySplit(input, limits: limits)
            #expect(whole.last == "failure 400 chunk-size line too long")
            #expect(mismatch == nil)
        }
    }
}
