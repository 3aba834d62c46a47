import Testing
@testable import Web

/// The PostgreSQL store's series as `/metrics` renders them.
@Suite("PostgreSQL metrics")
struct PostgresMetricsTests {
    @Test("each statistic is a counter with its help text")
    func counters() {
        let lines = PostgresMetrics(commits: 3, committedWrites: 7, abandonedGroups: 1, retries: 2, roundTrips: 41).lines
        for (series, value) in [
            ("viperd_postgres_commits_total", 3), ("viperd_postgres_committed_writes_total", 7),
            ("viperd_postgres_abandoned_groups_total", 1), ("viperd_postgres_retries_total", 2), ("viperd_postgres_round_trips_total", 41),
        ] {
            #expect(lines.contains("\(series) \(value)"))
            #expect(lines.contains("# TYPE \(series) counter"))
            #expect(lines.contains { $0.hasPrefix("# HELP \(series) ") })
        }
    }

    @Test("/metrics has the PostgreSQL series only when the store gives them")
    func onlyForPostgres() {
        let registry = MetricsRegistry()
        #expect(!registry.render().contains("viperd_postgres_"))
        registry.setSources(MetricsRegistry.Sources(postgres: { PostgresMetrics(roundTrips: 12) }))
        #expect(registry.render().contains("viperd_postgres_round_trips_total 12\n"))
    }
}
