import Domain
import Foundation
import Testing

@Suite("TransactionFeed")
struct TransactionFeedTests {
    func parse(_ json: String, currency: Currency = .cad) throws(TransactionFeedError) -> [TransactionFeedRow] {
        try TransactionFeed.parse(Data(json.utf8), currency: currency)
    }

    func failures(_ json: String, currency: Currency = .cad) -> [TransactionFeedFailure] {
        do {
            _ = try parse(json, currency: currency)
            return []
        } catch {
            guard case .malformedRows(let failures) = error else { return [] }
            return failures
        }
    }

    static let good = #"{"group": "A", "date": "2016-04-01", "description": "Starbucks", "amount": "3.11", "debit": "D"}"#

    @Test("good rows convert to typed rows in feed order, dates in both forms")
    func good() throws {
        let rows = try parse("""
            [\(Self.good),
             {"group": "P", "date": "2016-05-01T00:00:00Z", "description": "Payment", "amount": "400.00", "debit": "C"},
             {"group": "P", "date": "2016-05-02T18:30:00-04:00", "description": "TTC", "amount": "28", "debit": "D", "extra": 1}]
            """)
        #expect(rows == [
            TransactionFeedRow(group: .authorized, date: day("2016-04-01"), description: "Starbucks", amount: 311, direction: .debit),
            TransactionFeedRow(group: .posted, date: day("2016-05-01"), description: "Payment", amount: 40_000, direction: .credit),
            TransactionFeedRow(group: .posted, date: day("2016-05-02"), description: "TTC", amount: 2800, direction: .debit),
        ])
        #expect(try parse("[]") == [])
    }

    @Test("each malformed field is reported with its row index and field", arguments: [
        (#"{"group": "X", "date": "2016-04-01", "description": "S", "amount": "3.11", "debit": "D"}"#, TransactionFeedFailure.Field.group, TransactionFeedFailure.Rule.format),
        (#"{"date": "2016-04-01", "description": "S", "amount": "3.11", "debit": "D"}"#, .group, .missing),
        (#"{"group": "A", "date": "2016-02-30", "description": "S", "amount": "3.11", "debit": "D"}"#, .date, .format),
        (#"{"group": "A", "date": "04/01/2016", "description": "S", "amount": "3.11", "debit": "D"}"#, .date, .format),
        (#"{"group": "A", "date": null, "description": "S", "amount": "3.11", "debit": "D"}"#, .date, .missing),
        (#"{"group": "A", "date": "2016-04-01", "description": 7, "amount": "3.11", "debit": "D"}"#, .description, .format),
        (#"{"group": "A", "date": "2016-04-01", "description": "", "amount": "3.11", "debit": "D"}"#, .description, .missing),
        (#"{"group": "A", "date": "2016-04-01", "description": "S", "amount": "3,11", "debit": "D"}"#, .amount, .format),
        (#"{"group": "A", "date": "2016-04-01", "description": "S", "amount": 3.11, "debit": "D"}"#, .amount, .format),
        (#"{"group": "A", "date": "2016-04-01", "description": "S", "amount": "-3.11", "debit": "D"}"#, .amount, .format),
        (#"{"group": "A", "date": "2016-04-01", "description": "S", "amount": "3.111", "debit": "D"}"#, .amount, .tooManyDecimals(allowed: 2)),
        (#"{"group": "A", "date": "2016-04-01", "description": "S", "amount": "99999999999999999999", "debit": "D"}"#, .amount, .tooLong),
        (#"{"group": "A", "date": "2016-04-01", "description": "S", "amount": "3.11", "debit": "X"}"#, .debit, .format),
        (#"{"group": "A", "date": "2016-04-01", "description": "S", "amount": "3.11", "debit": true}"#, .debit, .format),
        (#"{"group": "A", "date": "2016-04-01", "description": "S", "amount": "3.11"}"#, .debit, .missing),
        (#""not an object""#, .row, .format),
    ])
    func malformedField(row: String, field: TransactionFeedFailure.Field, rule: TransactionFeedFailure.Rule) {
        #expect(failures("[\(Self.good), \(row)]") == [TransactionFeedFailure(index: 1, field: field, rule: rule)])
    }

    @Test("every failure of every row is reported, in feed order")
    func allFailures() {
        #expect(failures(#"[{"group": "A"}, \#(Self.good), {"group": "Q", "date": "x", "description": "S", "amount": "1", "debit": "D"}]"#) == [
            TransactionFeedFailure(index: 0, field: .date, rule: .missing), TransactionFeedFailure(index: 0, field: .description, rule: .missing),
            TransactionFeedFailure(index: 0, field: .amount, rule: .missing), TransactionFeedFailure(index: 0, field: .debit, rule: .missing),
            TransactionFeedFailure(index: 2, field: .group, rule: .format), TransactionFeedFailure(index: 2, field: .date, rule: .format),
        ])
    }

    @Test("decimals are judged by the account's currency: 1500 yen, but not 15.00 yen")
    func currencyDigits() throws {
        let yen = #"[{"group": "P", "date": "2016-05-01", "description": "Sushi", "amount": "1500", "debit": "D"}]"#
        #expect(try parse(yen, currency: .jpy).first?.amount == 1500)
        #expect(failures(#"[{"group": "P", "date": "2016-05-01", "description": "Sushi", "amount": "15.00", "debit": "D"}]"#, currency: .jpy)
            == [TransactionFeedFailure(index: 0, field: .amount, rule: .tooManyDecimals(allowed: 0))])
    }

    @Test("a description past 255 code points is too long")
    func longDescription() {
        let row = #"{"group": "A", "date": "2016-04-01", "description": "\#(String(repeating: "x", count: 256))", "amount": "1", "debit": "D"}"#
        #expect(failures("[\(row)]") == [TransactionFeedFailure(index: 0, field: .description, rule: .tooLong)])
    }

    @Test("bytes that are not JSON, and JSON that is not an array, are refused as a whole", arguments: [
        ("", "notJSON"), ("[{", "notJSON"), ("group,date\nA,2016-04-01", "notJSON"), ("{}", "notArray"), (#"{"rows": []}"#, "notArray"),
        ("\"text\"", "notArray"), ("42", "notArray"), ("null", "notArray"),
    ])
    func notAFeed(text: String, kind: String) {
        do {
            _ = try parse(text)
            Issue.record("accepted \(text)")
        } catch {
            switch error {
            case .notJSON: #expect(kind == "notJSON")
            case .notArray: #expect(kind == "notArray")
            case .malformedRows: Issue.record("rows reported for \(text)")
            }
        }
    }

    @Test("the report demo's feed parses: 28 authorized and 30 posted rows, each stream with one 400.00 credit")
    func demoFeed() throws {
        let rows = try TransactionFeed.parse(try reportDemoFeed(), currency: .cad)
        #expect(rows.count == 58)
        #expect(rows.filter { $0.group == .authorized }.count == 28)
        #expect(rows.filter { $0.group == .posted }.count == 30)
        #expect(rows.filter { $0.direction == .credit }.map(\.amount) == [40_000, 40_000])
    }
}
