import Foundation
import Testing
import WebClient

/// `Clients/Web/` against its two lists (Package.swift's `webClientFiles`, `WebClientFiles.files`):
/// a file added to the folder but not listed would be missing from the binary.
@Suite("web client files")
struct WebAppFilesTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Clients/Web")

    /// Every file of the folder but the Swift source, as a path relative to it.
    static func filesOnDisk() throws -> [String] {
        let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]))
        var paths: [String] = []
        for case let url as URL in enumerator where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            let path = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            if !path.hasSuffix(".swift") { paths.append(path) }
        }
        return paths.sorted()
    }

    @Test("every file of Clients/Web is embedded with identical bytes, and nothing else is")
    func embeddedMatchesFolder() throws {
        let onDisk = try Self.filesOnDisk()
        #expect(!onDisk.isEmpty)
        #expect(WebClientFiles.files.map(\.path).sorted() == onDisk, "WebClientFiles.swift must list every file of Clients/Web")
        for (path, bytes) in WebClientFiles.files {
            let disk = try Data(contentsOf: Self.folder.appendingPathComponent(path))
            #expect([UInt8](disk) == bytes, "\(path) differs from its embedded copy")
        }
    }

    @Test("Package.swift's webClientFiles lists every file of Clients/Web")
    func manifestMatchesFolder() throws {
        let manifest = try String(contentsOf: Self.folder.appendingPathComponent("../../Package.swift").standardizedFileURL, encoding: .utf8)
        let start = try #require(manifest.range(of: "let webClientFiles = ["), "Package.swift has no webClientFiles list")
        let end = try #require(manifest.range(of: "]", range: start.upperBound..<manifest.endIndex))
        let listed = manifest[start.upperBound..<end.lowerBound].split(separator: "\"").enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }.sorted()
        #expect(listed == (try Self.filesOnDisk()))
    }
}
