import Domain
import Foundation

/// How a contact is named for people: "Charlie Brown", or whichever part exists.
public enum ContactNaming {
    public static func contactName(firstName: String?, lastName: String?) -> String {
        // Every item of a list page is named here: an array of the two parts, `compactMap` and
        // `joined` cost ~1,200 instructions a name more than appending them (callgrind).
        guard let firstName else { return lastName ?? "" }
        guard let lastName else { return firstName }
        var name = firstName
        name.reserveCapacity(firstName.utf8.count + 1 + lastName.utf8.count)
        name.append(" ")
        name.append(lastName)
        return name
    }
}
