/// The `limit` query parameter of every list: 1…100, 20 when absent.
enum PageLimit {
    static let defaultValue = 20
    static let maximum = 100

    /// The page size; an unusable value records the error naming `limit`.
    static func parse(_ text: String?, messages: Messages, errors: inout [FieldErrorViewModel]) -> Int {
        guard let text else { return defaultValue }
        if text.utf8.count <= 3, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(text), (1...maximum).contains(value) {
            return value
        }
        errors.append(FieldErrorViewModel(
            parameter: "limit", code: .invalidValue, detail: messages.text(.invalidLimit, ["max": "\(maximum)"])))
        return defaultValue
    }
}
