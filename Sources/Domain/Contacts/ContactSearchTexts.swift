/// The folded texts contact search compares, as every gateway stores them: computed here once so
/// that each backend finds exactly the same contacts.
public struct ContactSearchTexts: Equatable, Sendable {
    /// "first last" when both are set, so a query spanning the space matches, and so does either
    /// part alone; whichever is present otherwise.
    public var name: String
    public var email: String?
    public var phone: String?

    public init(_ contact: Contact) {
        name = SearchFolding.fold([contact.firstName, contact.lastName].compactMap { $0 }.joined(separator: " "))
        email = contact.email.map(SearchFolding.fold)
        phone = contact.phone.map(SearchFolding.fold)
    }

    /// What a search for `query` compares with these texts: nil when there is nothing to search
    /// for (no query, or an empty one, which would match every contact anyway).
    public static func pattern(of query: String?) -> String? {
        query.flatMap { $0.isEmpty ? nil : SearchFolding.fold($0) }
    }
}
