/// Where a position in the name-sorted address book is: the last item a page ended with.
public struct ContactCursor: Equatable, Sendable {
    public var sortName: String
    public var id: ContactID

    public init(sortName: String, id: ContactID) {
        self.sortName = sortName
        self.id = id
    }
}
