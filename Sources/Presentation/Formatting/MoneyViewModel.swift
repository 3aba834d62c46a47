import Domain

/// Money on the wire: `{"minor": 1234, "currency": "CAD", "formatted": "$12.34"}`.
public struct MoneyViewModel: Equatable, Sendable, JSONWritable {
    public let minor: Int64
    public let currency: String
    public let formatted: String

    public init(_ money: Money, language: Language) {
        minor = money.minor
        currency = money.currency.code
        formatted = MoneyFormatting.format(money, language: language)
    }

    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.key("minor")
        output.int64(minor)
        output.field("currency", currency)
        output.field("formatted", formatted)
        output.endObject()
    }
}
