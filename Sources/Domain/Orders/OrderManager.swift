import Foundation

/// The orders of every user; each call but `create` is scoped to one owner.
///
/// Methods throw `GatewayError` for storage failures only; "not found" and "not placed" are
/// ordinary results, so use cases can present them.
public protocol OrderManager: Sendable {
    /// Stores `order` and its lines in one transaction with a new unique number, as `placed`,
    /// version 1. With a payment, the same transaction checks that the account is the owner's, in
    /// the order's currency and able to cover the total (balance + credit limit, as
    /// `AccountManager.balance` counts), and records an authorized debit of the total on it with
    /// the payment's transaction id; a refusal stores nothing, and so does a throw.
    func create(_ order: NewOrder) throws -> OrderCreation

    /// The order with its lines, or nil when it does not exist or belongs to someone else.
    func fetch(id: OrderID, owner: UserID) throws -> Order?

    /// Up to `limit` orders of `owner` (only those with `status` when given) after `cursor`,
    /// ordered by `sort` and then by id in the same direction. `cursor` fits `sort`.
    func list(owner: UserID, status: OrderStatus?, sort: OrderSort, after cursor: OrderCursor?, limit: Int) throws -> [OrderSummary]

    /// Atomically turns a `placed` order into `cancelled` at `date`, bumping its version, and
    /// voids its authorized payment debit in the same transaction with a reversing authorized
    /// credit (id: the debit's id + `_void`) that names the debit; any other state is left alone.
    func cancel(id: OrderID, owner: UserID, at date: Date) throws -> OrderCancellation
}
