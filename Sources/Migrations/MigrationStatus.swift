import Foundation

/// Where one migration stands in a database, as `Migrator.status()` reports it.
public struct MigrationStatus: Equatable, Sendable {
    /// Applied or not, and whether the record still matches this build.
    public enum State: String, Equatable, Sendable {
        /// Known to this build, not applied yet.
        case pending
        /// Applied, with the same checksum as this build's file.
        case applied
        /// Applied, but this build's file has a different checksum.
        case changed
        /// Applied, but this build has no such file.
        case missing
    }

    public var version: Int
    public var name: String
    public var state: State
    /// When it was applied; nil when pending.
    public var appliedAt: Date?

    public init(version: Int, name: String, state: State, appliedAt: Date? = nil) {
        self.version = version
        self.name = name
        self.state = state
        self.appliedAt = appliedAt
    }

    /// Applied to the database, whatever its file looks like now.
    public var isApplied: Bool { state != .pending }
}
