import Domain

/// Reads typed query and path parameters for a Presenter, collecting every format error with the
/// parameter's name.
public struct QueryReader {
    public static let defaultLimit = 20
    public static let maxLimit = 100

    public private(set) var errors: [FieldErrorViewModel] = []
    private let messages: Messages

    public init(messages: Messages) {
        self.messages = messages
    }

    /// `limit`: 1...100, `defaultLimit` when absent.
    public mutating func limit(_ text: String?) -> Int {
        guard let text else { return Self.defaultLimit }
        if text.utf8.count <= 3, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(text), (1...Self.maxLimit).contains(value) {
            return value
        }
        errors.append(FieldErrorViewModel(parameter: "limit", code: "invalid_value", detail: messages.text(.invalidLimit, ["max": "\(Self.maxLimit)"])))
        return Self.defaultLimit
    }

    /// A cursor decoded by `decode`; an empty one is no cursor.
    public mutating func cursor<Cursor>(_ text: String?, _ decode: (String) -> Cursor?) -> Cursor? {
        guard let text, !text.isEmpty else { return nil }
        guard let cursor = decode(text) else {
            errors.append(FieldErrorViewModel(parameter: "cursor", code: "invalid_cursor", detail: messages.text(.invalidCursor)))
            return nil
        }
        return cursor
    }

    /// A `YYYY-MM-DD` parameter naming a real day; absent is nil, sent empty is an error.
    public mutating func date(_ text: String?, parameter: String) -> CalendarDate? {
        guard let text else { return nil }
        guard let date = CalendarDate(text) else {
            errors.append(FieldErrorViewModel(parameter: parameter, code: "invalid_format", detail: messages.text(.invalidDate)))
            return nil
        }
        return date
    }

    /// An account id from the path.
    public mutating func accountID(_ text: String) -> AccountID {
        if !AccountIDFormat.isValid(text) {
            errors.append(FieldErrorViewModel(parameter: "id", code: "invalid_id", detail: messages.text(.invalidID)))
        }
        return AccountID(text)
    }

    /// `group`: `authorized` or `posted`; absent is nil (both), anything else an error.
    public mutating func group(_ text: String?) -> TransactionGroup? {
        guard let text else { return nil }
        guard let group = TransactionGroup(rawValue: text) else {
            errors.append(FieldErrorViewModel(parameter: "group", code: "invalid_value", detail: messages.text(.invalidGroup)))
            return nil
        }
        return group
    }
}
