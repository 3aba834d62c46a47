/// Why a feed cannot be imported; nothing of it is.
public enum TransactionFeedError: Error, Equatable, Sendable {
    /// The bytes are not JSON; carries the parser's explanation.
    case notJSON(String)
    /// JSON, but not an array of rows.
    case notArray
    /// Every failure of every bad row, in feed order.
    case malformedRows([TransactionFeedFailure])
}
