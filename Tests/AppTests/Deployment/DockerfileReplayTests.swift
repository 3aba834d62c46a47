import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The Dockerfile's build stage, replayed without a Docker engine: its `COPY` steps into a scratch
/// folder, then SwiftPM loads the package there as `docker build` would.
@Suite("Dockerfile replay")
struct DockerfileReplayTests {
    static let root = DockerComposeTests.root

    /// One `COPY` of the build stage: sources relative to the build context, and a destination
    /// relative to the stage's `WORKDIR`.
    struct CopyStep: Equatable {
        let sources: [String]
        let destination: String
    }

    /// The `COPY` steps of the first stage (up to the second `FROM`), skipping `--from=` copies.
    static func buildStageCopies(_ dockerfile: String) -> [CopyStep] {
        var steps: [CopyStep] = []
        var stages = 0
        for line in dockerfile.components(separatedBy: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let instruction = words.first?.uppercased() else { continue }
            if instruction == "FROM" {
                stages += 1
                if stages > 1 { break }
            }
            guard instruction == "COPY" else { continue }
            let arguments = words.dropFirst().filter { !$0.hasPrefix("--") }
            guard !words.contains(where: { $0.hasPrefix("--from") }), arguments.count >= 2, let destination = arguments.last else { continue }
            steps.append(CopyStep(sources: Array(arguments.dropLast()), destination: destination))
        }
        return steps
    }

    /// What Docker copies for one source pattern: the context's entries matching it (a pattern
    /// that matches nothing copies nothing, as `Package.resolve[d]` relies on).
    static func matches(_ pattern: String, in context: URL) throws -> [String] {
        guard pattern.contains(where: { "*?[".contains($0) }) else {
            return FileManager.default.fileExists(atPath: context.appendingPathComponent(pattern).path) ? [pattern] : []
        }
        return try FileManager.default.contentsOfDirectory(atPath: context.path).filter { fnmatch(pattern, $0, 0) == 0 }.sorted()
    }

    /// Docker's rules: a folder's contents go into the destination folder; a file goes into a
    /// destination ending in `/` (or given several sources) under its own name, else becomes it.
    static func copy(_ source: String, to destination: String, from context: URL, into workdir: URL, severalSources: Bool) throws {
        let manager = FileManager.default
        let from = context.appendingPathComponent(source)
        let to = workdir.appendingPathComponent(destination)
        var isFolder: ObjCBool = false
        _ = manager.fileExists(atPath: from.path, isDirectory: &isFolder)
        if isFolder.boolValue {
            try manager.createDirectory(at: to, withIntermediateDirectories: true)
            for entry in try manager.contentsOfDirectory(atPath: from.path) where !entry.hasPrefix(".build") {
                try manager.copyItem(at: from.appendingPathComponent(entry), to: to.appendingPathComponent(entry))
            }
        } else if destination.hasSuffix("/") || severalSources {
            try manager.createDirectory(at: to, withIntermediateDirectories: true)
            try manager.copyItem(at: from, to: to.appendingPathComponent(from.lastPathComponent))
        } else {
            try manager.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.copyItem(at: from, to: to)
        }
    }

    /// Runs `arguments` (through `env`) in `folder`, for at most five minutes (SwiftPM compiles
    /// the manifest); returns the exit status, standard output, and standard error.
    static func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: Data, errors: String) {
        let result = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), arguments, in: folder, separateErrors: true, within: 300)
        return (result.status, result.output, result.errorText)
    }

    @Test("the build stage copies the manifest, the sources, the migrations and every folder the manifest declares")
    func copyStepsAreTheExpectedOnes() throws {
        let dockerfile = try String(contentsOf: Self.root.appendingPathComponent("Dockerfile"), encoding: .utf8)
        let copied = Self.buildStageCopies(dockerfile).flatMap(\.sources)
        for required in ["Package.swift", "Sources", "Migrations", "Tests"] {
            #expect(copied.contains(required), "the Dockerfile's build stage does not COPY \(required)")
        }
    }

    @Test("after the Dockerfile's COPY steps, SwiftPM loads the package and names the viperd product with every migration")
    func replayedCopiesLoad() throws {
        let dockerfile = try String(contentsOf: Self.root.appendingPathComponent("Dockerfile"), encoding: .utf8)
        let steps = Self.buildStageCopies(dockerfile)
        #expect(!steps.isEmpty, "no COPY steps found in the build stage")

        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("viperd-docker-\(UUID().uuidString)")
        let workdir = scratch.appendingPathComponent("build")
        try FileManager.default.createDirectory(at: workdir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for step in steps {
            for pattern in step.sources {
                for source in try Self.matches(pattern, in: Self.root) {
                    try Self.copy(source, to: step.destination, from: Self.root, into: workdir, severalSources: step.sources.count > 1)
                }
            }
        }

        let describe = try Self.run(
            ["swift", "package", "--scratch-path", scratch.appendingPathComponent("spm").path, "describe", "--type", "json"], in: workdir)
        try #require(describe.status == 0, "swift package describe failed in the replayed build context: \(describe.errors)")
        let package = try #require(try JSONSerialization.jsonObject(with: describe.output) as? [String: Any])
        let products = (package["products"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(products.contains("viperd"))

        let targets = package["targets"] as? [[String: Any]] ?? []
        for (target, folder) in [("SQLiteMigrations", "Migrations/sqlite"), ("PostgresMigrations", "Migrations/postgres")] {
            let migrations = try #require(targets.first { $0["name"] as? String == target })
            let embedded = (migrations["resources"] as? [[String: Any]] ?? []).compactMap { ($0["path"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } }.sorted()
            let files = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(folder).path).filter { $0.hasSuffix(".sql") }.sorted()
            #expect(!files.isEmpty)
            #expect(embedded == files, "Package.swift must list every \(folder)/*.sql file for the \(target) target")
        }
    }
}
