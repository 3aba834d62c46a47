import Domain
import Foundation

/// How a contact is named for people: "Charlie Brown", or whichever part exists.
public enum ContactNaming {
    public static func contactName(firstName: String?, lastName: String?) -> String {
        [firstName, lastName].compactMap { $0 }.joined(separator: " ")
    }
}
