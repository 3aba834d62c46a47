/// The reads of `LedgerVerifier`, one text for both engines. Totals are cast to BIGINT because
/// PostgreSQL sums BIGINT into NUMERIC; a total past 64 bits then fails the read on both engines
/// ("integer overflow", "bigint out of range") instead of being read wrong. Each mismatch query
/// returns only the rows that break its rule, so a sound ledger costs a scan and no row transfer.
public enum LedgerStatements {
    /// A transaction's signed amount: what it adds to its account's balance.
    static let signedAmount = "CASE direction WHEN 'credit' THEN amount ELSE -amount END"

    /// Every transaction id a transfer names as a leg, once each.
    static let legIDs = """
        SELECT debit_transaction_id AS leg FROM transfers WHERE debit_transaction_id IS NOT NULL \
        UNION SELECT credit_transaction_id FROM transfers WHERE credit_transaction_id IS NOT NULL
        """

    /// The accounts and the transactions the balance check covers.
    public static let balanceCounts = "SELECT (SELECT count(*) FROM accounts), (SELECT count(*) FROM transactions)"

    /// Accounts whose stored balance is not credits − debits over all their rows: id, stored,
    /// summed. Every row counts, authorized and posted, as the domain's balance does.
    public static let balanceMismatches = """
        SELECT a.id, a.balance, CAST(coalesce(t.total, 0) AS BIGINT) FROM accounts AS a \
        LEFT JOIN (SELECT account_id, sum(\(signedAmount)) AS total FROM transactions GROUP BY account_id) AS t ON t.account_id = a.id \
        WHERE a.balance <> coalesce(t.total, 0) ORDER BY a.id
        """

    /// The pending transfers and what they hold in all.
    public static let pendingCounts = "SELECT count(*), CAST(coalesce(sum(amount_minor), 0) AS BIGINT) FROM transfers WHERE status = 'pending'"

    /// Accounts whose stored reservation is not the sum of their pending transfers: id, stored,
    /// summed, how many pending transfers.
    public static let pendingMismatches = """
        SELECT a.id, a.pending_debits, CAST(coalesce(p.held, 0) AS BIGINT), coalesce(p.transfers, 0) FROM accounts AS a \
        LEFT JOIN (SELECT from_account_id, sum(amount_minor) AS held, count(*) AS transfers FROM transfers WHERE status = 'pending' \
        GROUP BY from_account_id) AS p ON p.from_account_id = a.id \
        WHERE a.pending_debits <> coalesce(p.held, 0) ORDER BY a.id
        """

    /// Pending transfers whose source account is gone, so their hold is on nothing: id, source.
    public static let orphanHolds = """
        SELECT t.id, t.from_account_id FROM transfers AS t WHERE t.status = 'pending' \
        AND NOT EXISTS (SELECT 1 FROM accounts AS a WHERE a.id = t.from_account_id) ORDER BY t.id
        """

    /// How many transfers have each status.
    public static let statusCounts = "SELECT status, count(*) FROM transfers GROUP BY status ORDER BY status"

    /// Transfers resolved in part or more than once: a completed one missing its destination or
    /// a leg id, another carrying one, a pending one with a resolution time or a resolved one
    /// without, a cancellation's party on another status. Id, status, destination, debit id,
    /// credit id, resolved_at, cancelled_by.
    public static let badResolutions = """
        SELECT id, status, to_account_id, debit_transaction_id, credit_transaction_id, resolved_at, cancelled_by FROM transfers WHERE \
        (status = 'completed' AND (to_account_id IS NULL OR debit_transaction_id IS NULL OR credit_transaction_id IS NULL)) \
        OR (status <> 'completed' AND (to_account_id IS NOT NULL OR debit_transaction_id IS NOT NULL OR credit_transaction_id IS NOT NULL)) \
        OR (status = 'pending' AND resolved_at IS NOT NULL) OR (status <> 'pending' AND resolved_at IS NULL) \
        OR (status = 'cancelled' AND cancelled_by IS NULL) OR (status <> 'cancelled' AND cancelled_by IS NOT NULL) \
        ORDER BY id
        """

    /// Leg ids that more than one transfer names (or one names twice), with each transfer naming
    /// them: leg, transfer id.
    public static let sharedLegs = """
        WITH legs (transfer_id, leg) AS (\
        SELECT id, debit_transaction_id FROM transfers WHERE debit_transaction_id IS NOT NULL \
        UNION ALL SELECT id, credit_transaction_id FROM transfers WHERE credit_transaction_id IS NOT NULL) \
        SELECT leg, transfer_id FROM legs WHERE leg IN (SELECT leg FROM legs GROUP BY leg HAVING count(*) > 1) ORDER BY leg, transfer_id
        """

    /// The completed transfers the leg check covers.
    public static let completedCount = "SELECT count(*) FROM transfers WHERE status = 'completed'"

    /// Completed transfers without exactly their two legs: a posted debit of their amount on the
    /// source and a posted credit of it on the destination. Id, source, destination, amount, debit
    /// id, credit id, then the debit row's account, group, direction, amount and the credit
    /// row's (NULL for a missing row). Every comparison is guarded by the IS NOT NULLs before it,
    /// so the NOT never meets an unknown and no row slips through.
    public static let badLegs = """
        SELECT t.id, t.from_account_id, t.to_account_id, t.amount_minor, t.debit_transaction_id, t.credit_transaction_id, \
        d.account_id, d.txn_group, d.direction, d.amount, c.account_id, c.txn_group, c.direction, c.amount FROM transfers AS t \
        LEFT JOIN transactions AS d ON d.id = t.debit_transaction_id LEFT JOIN transactions AS c ON c.id = t.credit_transaction_id \
        WHERE t.status = 'completed' AND NOT (t.to_account_id IS NOT NULL AND d.id IS NOT NULL AND c.id IS NOT NULL \
        AND d.account_id = t.from_account_id AND d.txn_group = 'posted' AND d.direction = 'debit' AND d.amount = t.amount_minor \
        AND c.account_id = t.to_account_id AND c.txn_group = 'posted' AND c.direction = 'credit' AND c.amount = t.amount_minor) \
        ORDER BY t.id
        """

    /// Per currency: the accounts and the sum of their stored balances. Per currency because a
    /// transfer moves money within one, and a sum across currencies adds unlike units.
    public static let balanceTotals = """
        SELECT currency, count(*), CAST(coalesce(sum(balance), 0) AS BIGINT) FROM accounts GROUP BY currency ORDER BY currency
        """

    /// Per currency of their account: the rows that are no transfer's leg (imports, order
    /// payments and their voids, seeds) and their signed sum, where money enters and leaves the
    /// ledger.
    public static let nonLegTotals = """
        SELECT a.currency, count(*), CAST(coalesce(sum(CASE t.direction WHEN 'credit' THEN t.amount ELSE -t.amount END), 0) AS BIGINT) \
        FROM transactions AS t JOIN accounts AS a ON a.id = t.account_id LEFT JOIN (\(legIDs)) AS legs ON legs.leg = t.id \
        WHERE legs.leg IS NULL GROUP BY a.currency ORDER BY a.currency
        """

    /// Every text, for the test that prepares each on both engines.
    public static let all = [
        balanceCounts, balanceMismatches, pendingCounts, pendingMismatches, orphanHolds, statusCounts, badResolutions, sharedLegs,
        completedCount, badLegs, balanceTotals, nonLegTotals,
    ]
}
