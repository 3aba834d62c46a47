import Domain

/// The wake-up instances send one another on PostgreSQL (`NOTIFY viperd_outbox`): the ids of the
/// users whose outboxes grew, joined by `,`; or `*`, "re-read every stream", when the sender lost
/// track of which users (more of them waited than it keeps, see `PostgresOutboxNotifier`).
///
/// A payload is read as untrusted input: any session of the database may send on the channel,
/// so what is not a list of ids is ignored, never trusted and never a crash.
enum OutboxWakeupPayload: Equatable {
    case users([UserID])
    case everyone

    /// The channel every instance listens on.
    static let channel = "viperd_outbox"
    /// The most bytes one payload carries: PostgreSQL refuses a payload of 8,000 bytes or more,
    /// and this leaves that limit a margin.
    static let maximumBytes = 7_000
    /// The longest id a payload may name; ours are 22 bytes (`u_` and 20 of base32).
    static let maximumIDBytes = 64
    static let everyoneText = "*"

    /// `users` as payloads of at most `maximumBytes` each, in their order; an id no reader would
    /// accept (none of ours) is left out rather than spoil its payload.
    static func texts(for users: [UserID]) -> [String] {
        var texts: [String] = []
        var current = ""
        for user in users where isValid(user.rawValue.utf8) {
            let needed = current.isEmpty ? user.rawValue.utf8.count : current.utf8.count + 1 + user.rawValue.utf8.count
            if needed > maximumBytes {
                texts.append(current)
                current = ""
            }
            if !current.isEmpty { current.append(",") }
            current.append(user.rawValue)
        }
        if !current.isEmpty { texts.append(current) }
        return texts
    }

    /// What `text` asks for; nil when it is not a payload of ours (empty, too long, an id with
    /// a character ids never have).
    static func parse(_ text: String) -> OutboxWakeupPayload? {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.count <= maximumBytes else { return nil }
        if text == everyoneText { return .everyone }
        var users: [UserID] = []
        for part in bytes.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            guard isValid(part) else { return nil }
            users.append(UserID(String(decoding: part, as: UTF8.self)))
        }
        return .users(users)
    }

    /// 1 to `maximumIDBytes` ASCII letters, digits, `_` or `-`: every id the servers make.
    private static func isValid<Bytes: Collection<UInt8>>(_ id: Bytes) -> Bool {
        guard !id.isEmpty, id.count <= maximumIDBytes else { return false }
        return id.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default: false
            }
        }
    }
}
