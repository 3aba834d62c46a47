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

    /// The currencies this system handles; nil for any other code (codes are upper case, as ISO
    /// 4217 writes them).
    public init?(code: String) {
        guard let known = Self.byCode[code] else { return nil }
        self = known
    }

    public static let cad = Currency(code: "CAD", minorUnitDigits: 2)
    public static let usd = Currency(code: "USD", minorUnitDigits: 2)
    public static let eur = Currency(code: "EUR", minorUnitDigits: 2)
    public static let gbp = Currency(code: "GBP", minorUnitDigits: 2)
    public static let jpy = Currency(code: "JPY", minorUnitDigits: 0)

    /// Every currency an account may hold: the circulating currencies of ISO 4217's list one
    /// with their minor units. Fund codes (BOV, CLF, USN, …), precious metals, the SDR and the
    /// testing codes are left out on purpose: no card account is kept in them.
    public static let known: [Currency] = zeroDigits.map { Currency(code: $0, minorUnitDigits: 0) }
        + threeDigits.map { Currency(code: $0, minorUnitDigits: 3) }
        + twoDigits.map { Currency(code: $0, minorUnitDigits: 2) }

    private static let zeroDigits = [
        "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF",
    ]
    private static let threeDigits = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
    private static let twoDigits = [
        "AED", "AFN", "ALL", "AMD", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT", "BGN", "BMD", "BND", "BOB",
        "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD", "CDF", "CHF", "CNY", "COP", "CRC", "CUP", "CVE", "CZK", "DKK",
        "DOP", "DZD", "EGP", "ERN", "ETB", "EUR", "FJD", "FKP", "GBP", "GEL", "GHS", "GIP", "GMD", "GTQ", "GYD", "HKD",
        "HNL", "HTG", "HUF", "IDR", "ILS", "INR", "IRR", "JMD", "KES", "KGS", "KHR", "KPW", "KYD", "KZT", "LAK", "LBP",
        "LKR", "LRD", "LSL", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRU", "MUR", "MVR", "MWK", "MXN", "MYR",
        "MZN", "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "PAB", "PEN", "PGK", "PHP", "PKR", "PLN", "QAR", "RON", "RSD",
        "RUB", "SAR", "SBD", "SCR", "SDG", "SEK", "SGD", "SHP", "SLE", "SOS", "SRD", "SSP", "STN", "SVC", "SYP", "SZL",
        "THB", "TJS", "TMT", "TOP", "TRY", "TTD", "TWD", "TZS", "UAH", "USD", "UYU", "UZS", "VED", "VES", "WST", "XCD",
        "XCG", "YER", "ZAR", "ZMW", "ZWG",
    ]
    private static let byCode = Dictionary(known.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })

    public var description: String { code }
}
