/// What a banking report covers: which account, in which currency, over which days.
public struct AccountReportPresentationModel: Equatable, Sendable {
    public let account: AccountID
    public let name: String
    public let currency: Currency
    /// First day included.
    public let from: CalendarDate
    /// Last day included.
    public let to: CalendarDate

    public init(account: Account, from: CalendarDate, to: CalendarDate) {
        self.account = account.id
        name = account.name
        currency = account.currency
        self.from = from
        self.to = to
    }
}
