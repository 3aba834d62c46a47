/// One banking report's reads of an account's transactions over its period, page by page, every
/// read from the same snapshot: rows committed after it was opened are never seen, so the count
/// that admitted the report, its pages and their totals describe one state of the account
/// however long the report takes to send.
///
/// It holds storage (a connection, a read transaction) until `close()`, which its owner must
/// call whatever happens; the storage may also end it past a deadline of its own.
public protocol TransactionReportReader: AnyObject {
    /// How many transactions of both groups the period holds, counting no further than `limit`.
    func count(upTo limit: Int) throws -> Int

    /// Up to `limit` of the period's `group` transactions by date, then insertion order,
    /// resumed strictly after `cursor` (the last row of the previous page).
    func page(group: TransactionGroup, after cursor: TransactionCursor?, limit: Int) throws -> [Transaction]

    /// Up to `limit` of the account's transfers still pending that were sent within the period,
    /// oldest first: money reserved, with no row of its own yet.
    func pendingTransfers(limit: Int) throws -> [Transfer]

    /// Ends the snapshot and gives back what it holds; later reads throw. Calling it again does
    /// nothing.
    func close()
}
