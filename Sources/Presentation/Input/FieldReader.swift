import Domain

/// Reads typed fields out of a JSON object for a Presenter, collecting every format error.
public struct FieldReader {
    public private(set) var errors: [FieldErrorViewModel] = []
    private let messages: Messages

    public init(messages: Messages) {
        self.messages = messages
    }

    /// What a field held.
    public enum Presence<Value> {
        case absent
        case null
        case value(Value)
        /// Wrong type or format; already recorded as an error.
        case invalid
    }

    /// A string field, trimmed; an empty string counts as null. Control characters and values
    /// past `maxLength` characters are errors. Characters are Unicode code points: counting
    /// grapheme clusters would let combining marks carry unbounded text past the limit.
    public mutating func string(_ object: [String: JSONValue], _ key: String, pointer: String, maxLength: Int) -> Presence<String> {
        readString(object, key, pointer: pointer, maxLength: maxLength, trimmed: true) { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// A string taken exactly as sent (passwords): not trimmed; only NUL and past-`maxLength`
    /// values are errors.
    public mutating func exactString(_ object: [String: JSONValue], _ key: String, pointer: String, maxLength: Int) -> Presence<String> {
        readString(object, key, pointer: pointer, maxLength: maxLength, trimmed: false) { $0.value == 0 }
    }

    private mutating func readString(
        _ object: [String: JSONValue], _ key: String, pointer: String, maxLength: Int, trimmed: Bool,
        forbidden: (Unicode.Scalar) -> Bool
    ) -> Presence<String> {
        switch object[key] {
        case nil: return .absent
        case .null?: return .null
        case .string(let raw)?:
            let text = trimmed ? raw.trimmingWhitespace() : raw
            if trimmed && text.isEmpty { return .null }
            if text.unicodeScalars.contains(where: forbidden) {
                errors.append(FieldErrorViewModel(pointer: pointer, code: .invalidCharacters, detail: messages.text(.invalidCharacters)))
                return .invalid
            }
            if text.unicodeScalars.count > maxLength {
                errors.append(FieldErrorViewModel(pointer: pointer, code: .tooLong, detail: messages.text(.tooLong, ["max": "\(maxLength)"])))
                return .invalid
            }
            return .value(text)
        default:
            errors.append(FieldErrorViewModel(pointer: pointer, code: .invalidType, detail: messages.text(.mustBeString)))
            return .invalid
        }
    }

    /// A `YYYY-MM-DD` date field naming a real day.
    public mutating func date(_ object: [String: JSONValue], _ key: String, pointer: String) -> Presence<CalendarDate> {
        switch string(object, key, pointer: pointer, maxLength: 10) {
        case .absent: return .absent
        case .null: return .null
        case .invalid: return .invalid
        case .value(let text):
            guard let date = CalendarDate(text) else {
                errors.append(FieldErrorViewModel(pointer: pointer, code: .invalidFormat, detail: messages.text(.invalidDate)))
                return .invalid
            }
            return .value(date)
        }
    }

    /// A nested object field (absent and null both give nil).
    public mutating func object(_ object: [String: JSONValue], _ key: String, pointer: String) -> [String: JSONValue]? {
        switch object[key] {
        case nil, .null?: return nil
        case .object(let nested)?: return nested
        default:
            errors.append(FieldErrorViewModel(pointer: pointer, code: .invalidType, detail: messages.text(.mustBeObject)))
            return nil
        }
    }

    /// The body as an object, or an error at the root pointer.
    public mutating func object(_ body: JSONValue) -> [String: JSONValue]? {
        guard case .object(let object) = body else {
            errors.append(FieldErrorViewModel(pointer: "", code: .invalidType, detail: messages.text(.mustBeObject)))
            return nil
        }
        return object
    }

    /// Records an error found outside the reader.
    public mutating func record(_ error: FieldErrorViewModel) { errors.append(error) }
}
