import Foundation

/// A row of `schema_migrations`: what the database remembers of a migration it ran.
struct AppliedMigration: Equatable, Sendable {
    var version: Int
    var name: String
    var checksum: String
    /// ISO 8601 in UTC with milliseconds, as stored.
    var appliedAt: String

    var appliedDate: Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: appliedAt)
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
