/// An amount as a client wrote it (`"12.34"`): its syntax checked, not yet bound to a currency.
///
/// How many decimals it may carry depends on the account it moves, so it is turned into `Money`
/// only once that account is known (`money(in:)`), by the one parser `Money.parse`.
public struct DecimalAmount: Hashable, Sendable, CustomStringConvertible {
    /// Longer texts are refused before any arithmetic; 64-bit minor units never need more.
    public static let maximumLength = 20

    /// ASCII digits, optionally a `.` and more digits.
    public let text: String

    /// Nil unless `text` is 1–`maximumLength` characters of ASCII digits with at most one `.`
    /// between digits: no sign, exponent, space, grouping, `".5"` or `"5."`.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= Self.maximumLength else { return nil }
        var digitsBeforePoint = 0
        var digitsAfterPoint = 0
        var seenPoint = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if seenPoint { digitsAfterPoint += 1 } else { digitsBeforePoint += 1 }
            case UInt8(ascii: ".") where !seenPoint:
                seenPoint = true
            default:
                return nil
            }
        }
        guard digitsBeforePoint > 0, !seenPoint || digitsAfterPoint > 0 else { return nil }
        self.text = text
    }

    /// `money` written with exactly its currency's decimals (1234 CAD is `"12.34"`); nil for a
    /// negative amount, which no client may send.
    public init?(_ money: Money) {
        guard money.minor >= 0 else { return nil }
        let digits = money.currency.minorUnitDigits
        var text = String(money.minor)
        if digits > 0 {
            if text.count <= digits { text = String(repeating: "0", count: digits - text.count + 1) + text }
            text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
        }
        self.init(text)
    }

    /// Whether every digit is zero (`"0"`, `"0.00"`).
    public var isZero: Bool { text.utf8.allSatisfy { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: ".") } }

    /// In minor units of `currency`: `.tooManyDecimals` when it carries more decimals than
    /// `currency` has, `.overflow` past 64-bit minor units.
    public func money(in currency: Currency) throws(MoneyParseFailure) -> Money {
        try Money.parse(text, currency: currency)
    }

    public var description: String { text }
}
