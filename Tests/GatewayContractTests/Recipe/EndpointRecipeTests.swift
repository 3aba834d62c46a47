import Foundation
import Testing

/// The recipe "Adding an endpoint" of docs/ARCHITECTURE.md must name every file a new Manager
/// requirement forces to change: each Domain `…Manager` protocol, every type in `Sources/` or
/// `Tests/` conforming to one, and every `EntityGateway`. Files are read as text, from the
/// checkout this test file is in.
@Suite("Adding an endpoint recipe")
struct EndpointRecipeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test("names the file of every Manager protocol, every type conforming to one and every EntityGateway")
    func namesEveryManagerFile() throws {
        let places = try Self.recipePlaces()
        let files = try Self.swiftFiles(under: ["Sources", "Tests"])
        let protocols = try Self.managerProtocols(in: files.filter { $0.hasPrefix("Sources/Domain/") })
        let conforming = try files.filter { file in try Self.declaresConformance(in: file, to: protocols.names + ["EntityGateway"]) }
        // Guards against a scan that silently finds nothing: two gateways and the doubles at least.
        #expect(protocols.names.count >= 10)
        #expect(conforming.count >= 2 * protocols.names.count)
        for file in protocols.files + conforming {
            #expect(places.contains { $0.matches(file) }, "the recipe in docs/ARCHITECTURE.md names no place matching \(file)")
        }
    }

    @Test("reads a recipe place with placeholders and globs as it is meant")
    func placeMatching() {
        let manager = RecipePlace("Sources/SQLiteGateway/<Feature>/SQLite<Entity>Manager.swift")
        #expect(manager.matches("Sources/SQLiteGateway/Orders/SQLiteOrderManager.swift"))
        #expect(!manager.matches("Sources/SQLiteGateway/Orders/Deep/SQLiteOrderManager.swift"))
        #expect(!manager.matches("Sources/PostgresGateway/Orders/PostgresOrderManager.swift"))
        let domain = RecipePlace("Sources/Domain/**/<Entity>Manager.swift")
        #expect(domain.matches("Sources/Domain/Transfers/TransferFlow/TransferDraftManager.swift"))
        #expect(domain.matches("Sources/Domain/Orders/OrderManager.swift"))
    }

    /// The backquoted paths of the recipe's section, up to the next heading.
    static func recipePlaces() throws -> [RecipePlace] {
        let document = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        guard let start = document.range(of: "## Adding an endpoint") else {
            Issue.record("docs/ARCHITECTURE.md has no section \"Adding an endpoint\"")
            return []
        }
        let section = document[start.upperBound...].split(separator: "\n## ", maxSplits: 1).first ?? ""
        let quoted = section.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
        return quoted.map(\.element).filter { $0.contains("/") && $0.hasSuffix(".swift") }.map { RecipePlace(String($0)) }
    }

    /// Every `.swift` file under `folders`, as a path from the root.
    static func swiftFiles(under folders: [String]) throws -> [String] {
        var found: [String] = []
        for folder in folders {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "swift" {
                found.append(folder + url.path.dropFirst(base.path.count))
            }
        }
        return found.sorted()
    }

    /// The protocols named `…Manager` the Domain declares, and the files declaring them.
    static func managerProtocols(in files: [String]) throws -> (names: [String], files: [String]) {
        let declaration = try Regex(#"\bprotocol\s+(\w+Manager)\b"#)
        var names: [String] = []
        var declaring: [String] = []
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            let matches = text.matches(of: declaration).compactMap { $0.output[1].substring.map(String.init) }
            if !matches.isEmpty { declaring.append(file) }
            names += matches
        }
        return (names, declaring)
    }

    /// Whether `file` declares a type or extension whose inheritance list names one of `protocols`.
    static func declaresConformance(in file: String, to protocols: [String]) throws -> Bool {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        // The header from the keyword to the opening brace, across lines.
        // A protocol refining a Manager (a double's `Unimplemented…` default) changes with it too.
        let header = try Regex(#"\b(?:struct|class|enum|actor|extension|protocol)\s+[\w.<>, ]+?\s*:([^{]*)\{"#)
        return text.matches(of: header).contains { match in
            let inherited = match.output[1].substring ?? ""
            return inherited.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).contains { protocols.contains(String($0)) }
        }
    }
}

/// One path of the recipe: `<Name>` and `*` match within one folder, `**/` any folders.
struct RecipePlace {
    let pattern: String
    private let regex: Regex<AnyRegexOutput>?

    init(_ pattern: String) {
        self.pattern = pattern
        var source = ""
        var rest = Substring(pattern)
        while let character = rest.first {
            if rest.hasPrefix("**/") {
                source += "(?:[^/]+/)*"
                rest = rest.dropFirst(3)
            } else if character == "<", let close = rest.firstIndex(of: ">") {
                source += "[^/]*"
                rest = rest[rest.index(after: close)...]
            } else if character == "*" {
                source += "[^/]*"
                rest = rest.dropFirst()
            } else {
                source += #".^$+?()[]{}|\"#.contains(character) ? "\\" + String(character) : String(character)
                rest = rest.dropFirst()
            }
        }
        regex = try? Regex("^" + source + "$")
    }

    func matches(_ path: String) -> Bool {
        guard let regex else { return false }
        return path.wholeMatch(of: regex) != nil
    }
}
