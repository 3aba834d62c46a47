import Domain
import HTTPServer
import Logging
import SQLiteGateway
import Security
import Web

/// Why the application could not be assembled.
public enum ApplicationError: Error, CustomStringConvertible {
    case pendingMigrations([String])
    /// An option's value that cannot be used as given.
    case invalidConfiguration(String)

    public var description: String {
        switch self {
        case .pendingMigrations(let names):
            "the database has \(names.count) pending migration(s) (\(names.joined(separator: ", "))) and automatic migration is off; run `viperd migrate`"
        case .invalidConfiguration(let reason): reason
        }
    }
}
