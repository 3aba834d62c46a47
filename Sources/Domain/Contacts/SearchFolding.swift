import Foundation

/// The caseless form contact search compares: the same in Swift and, through `SQLiteConnection`'s
/// `viperd_search_fold`, in SQL.
public enum SearchFolding {
    /// `text` in NFC with every scalar mapped to the lowercase of its uppercase ("ß" → "ss",
    /// "ς" and "Σ" → "σ", "Ë" → "ë"), then NFC again.
    ///
    /// Scalar by scalar rather than `lowercased()`, whose final-sigma rule depends on context: a
    /// substring of a text must fold to a substring of the folded text.
    public static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // Every scalar is ASCII: only A–Z change, and NFC is the identity.
            return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
        var folded = String.UnicodeScalarView()
        for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.changesWhenCaseMapped {
                for upper in scalar.properties.uppercaseMapping.unicodeScalars {
                    folded.append(contentsOf: upper.properties.lowercaseMapping.unicodeScalars)
                }
            } else {
                folded.append(scalar)
            }
        }
        return String(folded).precomposedStringWithCanonicalMapping
    }
}
