/// An ISO 4217 currency: its code and how many minor-unit digits it has.
public struct Currency: Hashable, Sendable, CustomStringConvertible {
    /// `CAD`, `USD`, …
    public let code: String
    /// 2 for cents, 0 for yen: what one minor unit is worth in decimal places.
    public let minorUnitDigits: Int

    private init(code: String, minorUnitDigits: Int) {
        self.code = code
        self.minorUnitDigits = minorUnitDigits
    }

    /// The currencies this system handles; nil for any other code.
    public init?(code: String) {
        guard let known = Self.known.first(where: { $0.code == code }) else { return nil }
        self = known
    }

    public static let cad = Currency(code: "CAD", minorUnitDigits: 2)
    public static let usd = Currency(code: "USD", minorUnitDigits: 2)
    public static let eur = Currency(code: "EUR", minorUnitDigits: 2)
    public static let gbp = Currency(code: "GBP", minorUnitDigits: 2)
    public static let jpy = Currency(code: "JPY", minorUnitDigits: 0)

    static let known: [Currency] = [.cad, .usd, .eur, .gbp, .jpy]

    public var description: String { code }
}
