/// The banking report on the wire: `{"rows": [...]}`.
public struct AccountReportViewModel: Equatable, Sendable {
    public let rows: [AccountReportRowViewModel]

    public init(rows: [AccountReportRowViewModel]) {
        self.rows = rows
    }

    /// Opens the report's document, `{"rows": [`; each row then writes itself, and `writeEnd`
    /// closes it. For a writer that gets the rows one at a time and never holds them all.
    public static func writeStart(to output: inout JSONOutput) {
        output.beginObject()
        output.key("rows")
        output.beginArray()
    }

    /// Closes what `writeStart` opened.
    public static func writeEnd(to output: inout JSONOutput) {
        output.endArray()
        output.endObject()
    }
}

extension AccountReportViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        Self.writeStart(to: &output)
        for row in rows { row.write(to: &output) }
        Self.writeEnd(to: &output)
    }
}
