import CPostgres

/// The PostgreSQL implementation of the Domain's EntityGateway, over libpq.
public enum PostgresGateway {
    /// The linked libpq's version (`150018` for 15.18).
    public static var libraryVersion: Int { Int(PQlibVersion()) }
}
