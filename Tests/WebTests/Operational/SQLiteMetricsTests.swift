import Testing
@testable import Web

/// The SQLite store's series as `/metrics` renders them.
@Suite("SQLite metrics")
struct SQLiteMetricsTests {
    @Test("group sizes render as a cumulative histogram whose sum is the committed writes")
    func groupSizeHistogram() {
        let metrics = SQLiteMetrics(commits: 4, committedWrites: 78, groupSizeCounts: [1, 0, 2, 0, 0, 0, 0, 1])
        let lines = Set(metrics.lines)
        #expect(lines.contains(#"viperd_sqlite_group_commit_size_bucket{le="1"} 1"#))
        #expect(lines.contains(#"viperd_sqlite_group_commit_size_bucket{le="2"} 1"#))
        #expect(lines.contains(#"viperd_sqlite_group_commit_size_bucket{le="4"} 3"#))
        #expect(lines.contains(#"viperd_sqlite_group_commit_size_bucket{le="64"} 3"#))
        #expect(lines.contains(#"viperd_sqlite_group_commit_size_bucket{le="+Inf"} 4"#))
        #expect(lines.contains("viperd_sqlite_group_commit_size_sum 78"))
        #expect(lines.contains("viperd_sqlite_group_commit_size_count 4"))
        #expect(lines.contains("viperd_sqlite_commits_total 4"))
    }

    @Test("the segment gauge is left out while there is no search index")
    func segmentsOnlyWithAnIndex() {
        #expect(!SQLiteMetrics().lines.contains { $0.contains("viperd_sqlite_search_segments") })
        #expect(SQLiteMetrics(searchSegments: 7).lines.contains("viperd_sqlite_search_segments 7"))
    }

    @Test("/metrics has the SQLite series only when the store gives them")
    func onlyForSQLite() {
        let registry = MetricsRegistry()
        #expect(!registry.render().contains("viperd_sqlite_"))
        registry.setSources(MetricsRegistry.Sources(sqlite: { SQLiteMetrics(checkpoints: 2, walFrames: 12) }))
        let text = registry.render()
        #expect(text.contains("viperd_sqlite_checkpoints_total 2\n"))
        #expect(text.contains("viperd_sqlite_wal_frames 12\n"))
    }
}
