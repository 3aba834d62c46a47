import SQLRows

/// The managers written once over `SQLDatabase`, on PostgreSQL (its `SQLDialect` is
/// `PostgresDatabase.dialect`).
public typealias PostgresUserManager = SQLUserManager<PostgresDatabase>
/// `SQLProductManager` on PostgreSQL.
public typealias PostgresProductManager = SQLProductManager<PostgresDatabase>
/// `SQLTransferDraftManager` on PostgreSQL.
public typealias PostgresTransferDraftManager = SQLTransferDraftManager<PostgresDatabase>
/// `SQLAccountManager` on PostgreSQL.
public typealias PostgresAccountManager = SQLAccountManager<PostgresDatabase>
/// `SQLTransferManager` on PostgreSQL.
public typealias PostgresTransferManager = SQLTransferManager<PostgresDatabase>
/// `SQLTransactionManager` on PostgreSQL.
public typealias PostgresTransactionManager = SQLTransactionManager<PostgresDatabase>
/// `SQLOrderManager` on PostgreSQL.
public typealias PostgresOrderManager = SQLOrderManager<PostgresDatabase>
/// `SQLIdempotencyManager` on PostgreSQL.
public typealias PostgresIdempotencyManager = SQLIdempotencyManager<PostgresDatabase>
