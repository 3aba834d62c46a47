/// The configured rules for accounts: what every new user's first account is.
public struct AccountPolicy: Equatable, Sendable {
    /// The longest account name, in Unicode code points (as SQLite's `length()` counts them).
    public static let maximumNameLength = 100

    /// The currency of the account every user gets at registration.
    public var defaultCurrency: Currency
    /// The name of that account.
    public var firstAccountName: String

    public init(defaultCurrency: Currency = .cad, firstAccountName: String = "Main Account") {
        self.defaultCurrency = defaultCurrency
        self.firstAccountName = firstAccountName
    }
}
