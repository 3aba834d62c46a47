import App
import ArgumentParser
import Foundation

/// Operator errors as one line on stderr and exit status 1.
enum Operator {
    /// Opens the database for an account command, runs `body`, and checkpoints before returning.
    static func administer<T>(_ location: StorageLocation, _ body: (AccountAdministration) throws -> T) throws -> T {
        try run {
            let administration = try AccountAdministration(storage: location)
            let result = try body(administration)
            try administration.close()
            return result
        }
    }

    static func run<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            var standardError = FileHandle.standardError
            print("viperd: \(error)", to: &standardError)
            throw ExitCode(1)
        }
    }
}
