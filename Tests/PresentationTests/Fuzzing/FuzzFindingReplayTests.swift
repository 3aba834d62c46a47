import Foundation
import Testing

/// Every input the JSON-input and value fuzzers (Scripts/fuzz/fuzz.sh json-input, values) ever failed
/// on, kept in Tests/FuzzFindings/<target> and replayed through the harnesses' own checks
/// (`JSONInputConversions`, `ValueConversions`). A new finding is added by copying its file there.
@Suite("JSON-input and value fuzz findings")
struct FuzzFindingReplayTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzFindings")

    static func findings(_ target: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(target).path)) ?? []).sorted()
    }

    static func bytes(_ target: String, _ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(target).appendingPathComponent(name)))
    }

    @Test("the findings are there to replay: the reported cursor crash is kept for both targets")
    func findingsPresent() {
        #expect(Self.findings("json-input").contains("issue-22-account-cursor-int64-max"), "expected findings at \(Self.root.path)")
        #expect(Self.findings("values").contains("issue-22-int64-max-timestamp"))
    }

    @Test("each JSON-input finding converts without a trap", arguments: findings("json-input"))
    func replayJSONInput(_ name: String) throws {
        JSONInputConversions.run(try Self.bytes("json-input", name))
    }

    @Test("each value finding is refused or round-trips, as the harness checks", arguments: findings("values"))
    func replayValues(_ name: String) throws {
        ValueConversions.run(try Self.bytes("values", name)) { Issue.record(Comment(rawValue: $0)) }
    }

    @Test("every edge of Int64 and of the issuable ranges, through every cursor codec and query reader, is refused or round-trips")
    func edges() {
        for index in ValueConversions.edges.indices {
            ValueConversions.run([1] + withUnsafeBytes(of: UInt64(index).bigEndian, Array.init)) { Issue.record(Comment(rawValue: $0)) }
            ValueConversions.run([0] + withUnsafeBytes(of: ValueConversions.edges[index].bigEndian, Array.init)) { Issue.record(Comment(rawValue: $0)) }
        }
    }
}
