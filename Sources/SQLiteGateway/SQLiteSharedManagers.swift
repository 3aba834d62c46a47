import SQLRows

/// The managers written once over `SQLDatabase`, on SQLite (its `SQLDialect` is
/// `Database.dialect`).
public typealias SQLiteUserManager = SQLUserManager<Database>
/// This gateway's `Database`, named so generic code over an `SQLDatabase` parameter called
/// `Database` can tell the two apart.
public typealias SQLiteDatabase = Database
/// `SQLProductManager` on SQLite.
public typealias SQLiteProductManager = SQLProductManager<Database>
/// `SQLTransferDraftManager` on SQLite.
public typealias SQLiteTransferDraftManager = SQLTransferDraftManager<Database>
/// `SQLAccountManager` on SQLite.
public typealias SQLiteAccountManager = SQLAccountManager<Database>
/// `SQLTransferManager` on SQLite.
public typealias SQLiteTransferManager = SQLTransferManager<Database>
/// `SQLTransactionManager` on SQLite.
public typealias SQLiteTransactionManager = SQLTransactionManager<Database>
/// `SQLOrderManager` on SQLite.
public typealias SQLiteOrderManager = SQLOrderManager<Database>
/// `SQLIdempotencyManager` on SQLite.
public typealias SQLiteIdempotencyManager = SQLIdempotencyManager<Database>
