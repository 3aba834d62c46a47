/// The configured rules for accounts: what every new user's first account is, and how large a
/// banking report may be.
public struct AccountPolicy: Equatable, Sendable {
    /// The most transactions one banking report covers unless configured otherwise. The report
    /// is streamed a page at a time, so its memory no longer grows with its rows (99,999 rows of
    /// the longest descriptions, 47.6 MB of JSON: the server peaked at 39.8 MiB, where the
    /// whole body took 190 MiB, docs/PERFORMANCE.md); the cap bounds its time instead, and how
    /// long it holds its read snapshot.
    public static let defaultMaximumReportRows = 100_000
    /// The longest account name, in Unicode code points (as SQLite's `length()` counts them).
    public static let maximumNameLength = 100

    /// The currency of the account every user gets at registration.
    public var defaultCurrency: Currency
    /// The name of that account.
    public var firstAccountName: String
    /// The most transactions a banking report's period may hold; a period holding more is
    /// refused before any row is read, so one request's cost has a bound whatever an account's
    /// history (cent transfers between one's own accounts write two rows each).
    public var maximumReportRows: Int

    public init(
        defaultCurrency: Currency = .cad, firstAccountName: String = "Main Account", maximumReportRows: Int = Self.defaultMaximumReportRows
    ) {
        self.defaultCurrency = defaultCurrency
        self.firstAccountName = firstAccountName
        self.maximumReportRows = maximumReportRows
    }
}
