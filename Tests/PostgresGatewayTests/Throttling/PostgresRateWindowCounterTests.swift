import Domain
import Foundation
import Migrations
import PostgresGateway
import Synchronization
import Testing

/// The per-user rates on the shared table: the same answers as the in-memory counter, and a
/// burst from two instances at once still gets only the quota.
@Suite("PostgresRateWindowCounter")
struct PostgresRateWindowCounterTests {
    let start = Date(timeIntervalSince1970: 1_795_000_050)

    func makeDatabase() throws -> TemporaryPostgresDatabase {
        let temporary = try TemporaryPostgresDatabase()
        try Migrator(database: temporary.database).migrate()
        return temporary
    }

    @Test("the same answers as the in-memory counter, window after window")
    func parity() throws {
        let temporary = try makeDatabase()
        let shared = WriteThrottle(counter: PostgresRateWindowCounter(database: temporary.database), writesPerMinute: 3, transfersPerMinute: 1)
        let local = WriteThrottle(counter: InMemoryRateWindowCounter(), writesPerMinute: 3, transfersPerMinute: 1)
        let steps: [(WriteThrottle.Kind, String, TimeInterval)] = [
            (.writes, "u_a", 0), (.writes, "u_a", 1), (.writes, "u_a", 2), (.writes, "u_a", 3), (.writes, "u_b", 3),
            (.transfers, "u_a", 4), (.transfers, "u_a", 5), (.writes, "u_a", 29), (.writes, "u_a", 30), (.transfers, "u_a", 31),
        ]
        for (kind, user, offset) in steps {
            let now = start.addingTimeInterval(offset)
            #expect(shared.take(kind, user: UserID(user), now: now) == local.take(kind, user: UserID(user), now: now), "\(kind) \(user) +\(offset)")
        }
    }

    @Test("two instances counting one user's burst at once grant the quota and no more")
    func burstAcrossInstances() throws {
        let temporary = try makeDatabase()
        let instances = [PostgresRateWindowCounter(database: temporary.database), PostgresRateWindowCounter(database: temporary.database)]
        let taken = Atomic(0)
        let now = start
        DispatchQueue.concurrentPerform(iterations: 60) { index in
            let throttle = WriteThrottle(counter: instances[index % 2], writesPerMinute: 25, transfersPerMinute: nil)
            if throttle.take(.writes, user: UserID("u_burst"), now: now)?.state.taken == true { taken.add(1, ordering: .relaxed) }
        }
        #expect(taken.load(ordering: .relaxed) == 25)
    }

    @Test("rows of ended windows are purged")
    func purge() throws {
        let temporary = try makeDatabase()
        let counter = PostgresRateWindowCounter(database: temporary.database)
        _ = counter.take(AttemptKey(scope: "writes", subject: "u_a"), limit: 5, window: 60, now: start)
        #expect(counter.purge(before: Int64(start.timeIntervalSince1970)) == 0)
        #expect(counter.purge(before: Int64(start.timeIntervalSince1970) + 60) == 1)
    }
}
