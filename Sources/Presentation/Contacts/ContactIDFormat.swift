import Domain
import Foundation

/// What a contact id can look like: 1–64 of `A–Z a–z 0–9 _ -`.
public enum ContactIDFormat {
    public static func isValid(_ text: String) -> Bool {
        IDFormat.isValid(text)
    }
}
