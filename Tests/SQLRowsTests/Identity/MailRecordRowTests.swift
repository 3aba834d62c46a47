import Domain
import Foundation
import SQLRows
import Testing

@Suite("MailRecordRow")
struct MailRecordRowTests {
    /// A row of `MailRecordRow.Column`: a queued message never tried.
    let row = ValuesRow([
        .text("m_1"), .text(MailKind.allCases[0].rawValue), .text("ada@example.com"), .text("Ada"), .text("fr"), .null,
        .integer(1_700_000_000_000), .text(MailState.queued.rawValue), .integer(0), .integer(1_700_000_000_000), .null, .null, .null,
    ])

    @Test("a message is read with its optional secret, error and end left empty")
    func record() throws {
        let record = try MailRecordRow.record(row)
        #expect(record.request.id == "m_1")
        #expect(record.request.language == "fr")
        #expect(record.request.secret == nil)
        #expect(record.state == .queued)
        #expect(record.lastError == nil)
        #expect(record.finishedAt == nil)
    }

    @Test("a NULL language is a storage failure, not a default")
    func nullLanguage() {
        #expect(throws: GatewayError.failure("NULL in required column mail_messages.language")) {
            try MailRecordRow.record(row.replacing(Int(MailRecordRow.Column.language.rawValue), with: .null))
        }
    }

    @Test("an unknown state is a storage failure naming it")
    func unknownState() {
        #expect(throws: GatewayError.failure("unreadable mail_messages.state: lost")) {
            try MailRecordRow.record(row.replacing(Int(MailRecordRow.Column.state.rawValue), with: .text("lost")))
        }
    }
}
