/// The banking report on the wire: `{"rows": [...]}`, laid out one row per line so that a client
/// may read it line by line as it streams (docs/API.md, "the report"):
///
/// ```
/// {"rows":[
/// {"type":"header","title":"Authorized Transactions"},
/// …
/// {"type":"grandfooter","title":"Grand total","total":"1338.97"}
/// ]}
/// ```
///
/// The first line opens the document, each following line but the last holds one row (with the
/// comma before the next), and the last line closes it; a string never holds a raw line break
/// (JSON escapes it), so no row spans two lines. It stays one JSON document for clients that
/// parse it whole.
public struct AccountReportViewModel: Equatable, Sendable {
    public let rows: [AccountReportRowViewModel]

    public init(rows: [AccountReportRowViewModel]) {
        self.rows = rows
    }

    /// Opens the report's document, `{"rows":[`; each row then goes through `writeRow`, and
    /// `writeEnd` closes it. For a writer that gets the rows one at a time and never holds them all.
    public static func writeStart(to output: inout JSONOutput) {
        output.beginObject()
        output.key("rows")
        output.beginArray()
    }

    /// One row, on a line of its own.
    public static func writeRow(_ row: AccountReportRowViewModel, to output: inout JSONOutput) {
        output.breakLineBeforeNextValue()
        row.write(to: &output)
    }

    /// Closes what `writeStart` opened, `]}` on the last line.
    public static func writeEnd(to output: inout JSONOutput) {
        output.breakLine()
        output.endArray()
        output.endObject()
        output.breakLine()
    }
}

extension AccountReportViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        Self.writeStart(to: &output)
        for row in rows { Self.writeRow(row, to: &output) }
        Self.writeEnd(to: &output)
    }
}
