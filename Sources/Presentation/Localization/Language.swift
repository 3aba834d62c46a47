import Foundation

/// The languages messages and formatted values come in.
public enum Language: String, Sendable, CaseIterable {
    case en
    case fr

    /// The best supported language for an `Accept-Language` value (RFC 9110 §12.5.4), `en` when
    /// none matches or the header is absent or malformed.
    public static func negotiate(acceptLanguage: String?) -> Language {
        guard let header = acceptLanguage, !header.isEmpty, header.utf8.count <= 1024 else { return .en }
        var best: (language: Language, quality: Double)?
        for element in header.split(separator: ",") {
            let parts = element.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let range = parts.first?.lowercased(), !range.isEmpty else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            guard quality > 0 else { continue }
            let primary = range.split(separator: "-").first.map(String.init) ?? range
            let language = primary == "*" ? Language.en : Language(rawValue: primary)
            if let language, quality > (best?.quality ?? 0) { best = (language, quality) }
        }
        return best?.language ?? .en
    }
}
