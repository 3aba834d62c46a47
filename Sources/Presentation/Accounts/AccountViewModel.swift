import Domain

/// An account on the wire, its amounts formatted in the client's language.
public struct AccountViewModel: Equatable, Sendable {
    public let id: String
    public let name: String
    public let currency: String
    public let balance: MoneyViewModel
    /// What pending transfers hold: spent from `available`, not yet from `balance`.
    public let pending: MoneyViewModel
    public let available: MoneyViewModel
    public let creditLimit: MoneyViewModel
    public let createdAt: String

    public init(_ account: AccountPresentationModel, language: Language) {
        id = account.id.rawValue
        name = account.name
        currency = account.currency.code
        balance = MoneyViewModel(account.balance, language: language)
        pending = MoneyViewModel(account.pending, language: language)
        available = MoneyViewModel(account.available, language: language)
        creditLimit = MoneyViewModel(account.creditLimit, language: language)
        createdAt = Timestamp.format(account.createdAt)
    }
}

/// The account's one encoding.
extension AccountViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.field("id", id)
        output.field("name", name)
        output.field("currency", currency)
        output.key("balance")
        balance.write(to: &output)
        output.key("pending")
        pending.write(to: &output)
        output.key("available")
        available.write(to: &output)
        output.key("creditLimit")
        creditLimit.write(to: &output)
        output.field("createdAt", createdAt)
        output.endObject()
    }
}
