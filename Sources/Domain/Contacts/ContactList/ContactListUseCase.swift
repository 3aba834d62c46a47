/// `GET /v1/contacts`: a page of the owner's contacts, sorted by name, optionally searched.
///
/// Outcomes: `presentContacts(_:next:)`, `presentNoContacts()` (empty first page), storage failures.
public struct ContactListUseCase {
    private let contacts: any ContactManager
    private let owner: UserID

    public init(contacts: any ContactManager, owner: UserID) {
        self.contacts = contacts
        self.owner = owner
    }

    /// - Parameters:
    ///   - query: a search already trimmed by the Presenter; nil lists everything.
    ///   - limit: 1...100, checked by the Presenter.
    public func eventList(query: String?, after cursor: ContactCursor?, limit: Int, output: any ContactListUseCaseOutput) {
        do {
            // One extra row tells whether another page follows without a COUNT.
            let rows = try contacts.list(owner: owner, matching: query, after: cursor, limit: limit + 1)
            if rows.isEmpty && cursor == nil {
                output.presentNoContacts()
                return
            }
            let page = rows.prefix(limit)
            let next = rows.count > limit ? page.last.map { ContactCursor(sortName: $0.sortName, id: $0.id) } : nil
            output.presentContacts(page.map(ContactSummaryPresentationModel.init), next: next)
        } catch {
            output.presentStorage(error)
        }
    }
}
