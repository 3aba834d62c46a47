import Domain

/// One session in the sessions list: `{createdAt, createdAtFormatted, lastUsedAt,
/// lastUsedAtFormatted, clientAddress, userAgent, current}`; every key is always present, the
/// last use, address and agent `null` for a session that records none.
public struct SessionSummaryViewModel: Equatable, Sendable {
    public let createdAt: String
    public let createdAtFormatted: String
    public let lastUsedAt: String?
    public let lastUsedAtFormatted: String?
    public let clientAddress: String?
    public let userAgent: String?
    public let current: Bool

    public init(_ session: SessionSummaryPresentationModel, language: Language) {
        createdAt = Timestamp.format(session.createdAt)
        createdAtFormatted = DateFormatting.instant(session.createdAt, language: language)
        lastUsedAt = session.lastUsedAt.map(Timestamp.format)
        lastUsedAtFormatted = session.lastUsedAt.map { DateFormatting.instant($0, language: language) }
        clientAddress = session.clientAddress
        userAgent = session.userAgent
        current = session.isCurrent
    }
}

/// The session's one encoding.
extension SessionSummaryViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.field("createdAt", createdAt)
        output.field("createdAtFormatted", createdAtFormatted)
        output.field("lastUsedAt", lastUsedAt)
        output.field("lastUsedAtFormatted", lastUsedAtFormatted)
        output.field("clientAddress", clientAddress)
        output.field("userAgent", userAgent)
        output.key("current")
        output.bool(current)
        output.endObject()
    }
}

/// The sessions list: `{items: [...]}`, at most `SessionListUseCase.maximumCount`, never paged.
public struct SessionListViewModel: Equatable, Sendable, JSONWritable {
    public let items: [SessionSummaryViewModel]

    public init(items: [SessionSummaryViewModel]) {
        self.items = items
    }

    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.key("items")
        output.beginArray()
        for item in items { item.write(to: &output) }
        output.endArray()
        output.endObject()
    }
}
