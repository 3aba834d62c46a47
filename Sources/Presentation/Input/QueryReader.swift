import Domain

/// Reads typed query and path parameters for a Presenter, collecting every format error with the
/// parameter's name.
public struct QueryReader {
    public private(set) var errors: [FieldErrorViewModel] = []
    private let messages: Messages

    public init(messages: Messages) {
        self.messages = messages
    }

    /// `limit`, as every list reads it (`PageLimit`).
    public mutating func limit(_ text: String?) -> Int {
        PageLimit.parse(text, messages: messages, errors: &errors)
    }

    /// A cursor decoded by `decode`; an empty one is no cursor.
    public mutating func cursor<Cursor>(_ text: String?, _ decode: (String) -> Cursor?) -> Cursor? {
        guard let text, !text.isEmpty else { return nil }
        guard let cursor = decode(text) else {
            errors.append(FieldErrorViewModel(parameter: "cursor", code: .invalidCursor, detail: messages.text(.invalidCursor)))
            return nil
        }
        return cursor
    }

    /// A `YYYY-MM-DD` parameter naming a real day; absent is nil, sent empty is an error.
    public mutating func date(_ text: String?, parameter: String) -> CalendarDate? {
        guard let text else { return nil }
        guard let date = CalendarDate(text) else {
            errors.append(FieldErrorViewModel(parameter: parameter, code: .invalidFormat, detail: messages.text(.invalidDate)))
            return nil
        }
        return date
    }

    /// An account id from the path.
    public mutating func accountID(_ text: String) -> AccountID {
        if !IDFormat.isValid(text) {
            errors.append(messages.invalidIDError())
        }
        return AccountID(text)
    }

    /// `group`: `authorized` or `posted`; absent is nil (both), anything else an error.
    public mutating func group(_ text: String?) -> TransactionGroup? {
        guard let text else { return nil }
        guard let group = TransactionGroup(rawValue: text) else {
            errors.append(FieldErrorViewModel(parameter: "group", code: .invalidValue, detail: messages.text(.invalidGroup)))
            return nil
        }
        return group
    }
}
