/// A page of the contact list.
public typealias ContactListViewModel = PageViewModel<ContactListItemViewModel>
