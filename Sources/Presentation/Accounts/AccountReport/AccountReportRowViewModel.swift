/// One row of the banking report, every value already formatted for the client's language.
public enum AccountReportRowViewModel: Equatable, Sendable {
    case header(title: String)
    case subheader(title: String, odd: Bool)
    case detail(description: String, amount: String, odd: Bool)
    case subfooter(odd: Bool)
    /// `title` is the row's label, `Total` / `Total`.
    case footer(title: String, total: String, odd: Bool)
    case message(String)
    /// `title` is the row's label, `Grand total` / `Total général`.
    case grandFooter(title: String, total: String)
}

extension AccountReportRowViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        switch self {
        case .header(let title):
            output.field("type", "header")
            output.field("title", title)
        case .subheader(let title, let odd):
            output.field("type", "subheader")
            output.field("title", title)
            output.key("odd")
            output.bool(odd)
        case .detail(let description, let amount, let odd):
            output.field("type", "detail")
            output.field("description", description)
            output.field("amount", amount)
            output.key("odd")
            output.bool(odd)
        case .subfooter(let odd):
            output.field("type", "subfooter")
            output.key("odd")
            output.bool(odd)
        case .footer(let title, let total, let odd):
            output.field("type", "footer")
            output.field("title", title)
            output.field("total", total)
            output.key("odd")
            output.bool(odd)
        case .message(let message):
            output.field("type", "message")
            output.field("message", message)
        case .grandFooter(let title, let total):
            output.field("type", "grandfooter")
            output.field("title", title)
            output.field("total", total)
        }
        output.endObject()
    }
}
