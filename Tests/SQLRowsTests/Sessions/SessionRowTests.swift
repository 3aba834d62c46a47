import Domain
import Foundation
import SQLRows
import Testing

@Suite("SessionRow")
struct SessionRowTests {
    @Test("a session reads back as it was written, revoked or not")
    func roundTrip() throws {
        let created = Date(timeIntervalSince1970: 1_795_000_000.25)
        let live = Session(tokenDigest: "d", userID: UserID("u_alice"), createdAt: created, expiresAt: created.addingTimeInterval(3600))
        var revoked = live
        revoked.revokedAt = created.addingTimeInterval(60)
        for session in [live, revoked] {
            #expect(try SessionRow.session(ValuesRow(SessionRow.values(of: session))) == session)
        }
    }
}
