import Domain

/// An amount on the wire: `{"minor": 1234, "currency": "CAD", "formatted": "$12.34"}`; only
/// `formatted` follows the client's language.
public struct MoneyViewModel: Equatable, Sendable {
    public let minor: Int64
    public let currency: String
    public let formatted: String

    public init(_ money: Money, language: Language) {
        minor = money.minor
        currency = money.currency.code
        formatted = MoneyFormatting.format(money, language: language)
    }
}

extension MoneyViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.key("minor")
        output.integer(minor)
        output.field("currency", currency)
        output.field("formatted", formatted)
        output.endObject()
    }
}
