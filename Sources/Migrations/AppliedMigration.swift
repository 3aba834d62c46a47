import Foundation

/// A row of `schema_migrations`: what the database remembers of a migration it ran.
public struct AppliedMigration: Equatable, Sendable {
    public var version: Int
    public var name: String
    public var checksum: String
    /// ISO 8601 in UTC with milliseconds, as stored.
    public var appliedAt: String

    public init(version: Int, name: String, checksum: String, appliedAt: String) {
        self.version = version
        self.name = name
        self.checksum = checksum
        self.appliedAt = appliedAt
    }

    /// `appliedAt` as a date; nil when the stored text is not in the format `timestamp(_:)` writes.
    public var appliedDate: Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: appliedAt)
    }

    /// The text stored in `applied_at` for `date`: ISO 8601 in UTC with milliseconds
    /// (`2025-06-15T15:06:40.250Z`), the same in every dialect.
    public static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
