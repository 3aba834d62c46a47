/// Why migrations cannot run; each description is a message for the operator.
public enum MigrationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A file name without a leading version number.
    case malformedName(String)
    /// A file whose bytes are not UTF-8 text.
    case notUTF8(String)
    /// Two files with the same version number.
    case duplicateVersion(Int, names: [String])
    /// An applied migration whose file has been edited since.
    case changed(name: String, appliedChecksum: String, currentChecksum: String)
    /// A migration recorded in the database that this build does not have.
    case missing(version: Int, name: String)
    /// A migration's SQL failed; nothing of it was kept.
    case failed(name: String, reason: String)

    public var description: String {
        switch self {
        case .malformedName(let name):
            "migration file \(name) is not named NNNN_description.sql; rename it"
        case .notUTF8(let name):
            "migration file \(name) is not UTF-8 text; save it as UTF-8"
        case .duplicateVersion(let version, let names):
            "migrations \(names.joined(separator: " and ")) share version \(version); renumber one of them"
        case .changed(let name, let applied, let current):
            "migration \(name) was changed after it was applied (checksum \(applied) in the database, "
                + "\(current) in this build); restore it or add a new migration"
        case .missing(let version, let name):
            "migration \(name) (version \(version)) was applied to this database but is missing from this build; "
                + "run a build that includes it, or restore the file"
        case .failed(let name, let reason):
            "migration \(name) failed and was rolled back: \(reason); fix it before starting again"
        }
    }
}
