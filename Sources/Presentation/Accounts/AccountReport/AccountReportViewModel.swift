/// The banking report on the wire: `{"rows": [...]}`.
public struct AccountReportViewModel: Equatable, Sendable {
    public let rows: [AccountReportRowViewModel]

    public init(rows: [AccountReportRowViewModel]) {
        self.rows = rows
    }
}

extension AccountReportViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.key("rows")
        output.beginArray()
        for row in rows { row.write(to: &output) }
        output.endArray()
        output.endObject()
    }
}
