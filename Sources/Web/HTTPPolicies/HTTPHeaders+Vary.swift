import Foundation
import HTTPServer

extension HTTPHeaders {
    /// Adds `name` to the one `Vary` field, once: several policies each name what they read.
    mutating func addVary(_ name: String) {
        let current = values(for: "Vary").flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard !current.contains(where: { HTTPHeaders.namesEqual($0, name) || $0 == "*" }) else { return }
        replaceOrAdd(name: "Vary", value: (current + [name]).joined(separator: ", "))
    }
}
