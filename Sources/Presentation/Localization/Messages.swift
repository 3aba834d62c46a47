import Foundation

/// Every sentence the API shows people, in each supported language.
public struct Messages: Sendable {
    public let language: Language

    public init(_ language: Language) { self.language = language }

    /// The catalog's keys.
    public enum Key: String, Sendable, CaseIterable {
        case noContactsFound
        case contactNotFound
        case nameRequired
        case invalidEmail
        case mustBeString
        case mustBeObject
        case invalidCharacters
        case tooLong
        case invalidDate
        case invalidLimit
        case invalidCursor
        case invalidID
        case queryTooLong
        case invalidIfMatch
        case staleContact
        case malformedTitle
        case validationTitle
        case notFoundTitle
        case staleTitle
        case unavailableTitle
        case unavailableDetail
        case failureTitle
        case failureDetail
    }

    private static let catalog: [Key: [Language: String]] = [
        .noContactsFound: [.en: "No contacts found", .fr: "Aucun contact trouvé"],
        .contactNotFound: [.en: "Contact not found", .fr: "Contact introuvable"],
        .nameRequired: [.en: "First name or last name must be entered", .fr: "Le prénom ou le nom doit être saisi"],
        .invalidEmail: [.en: "Email must be a valid address", .fr: "Le courriel doit être une adresse valide"],
        .mustBeString: [.en: "Must be a string", .fr: "Doit être une chaîne de caractères"],
        .mustBeObject: [.en: "Must be a JSON object", .fr: "Doit être un objet JSON"],
        .invalidCharacters: [.en: "Must not contain control characters", .fr: "Ne doit pas contenir de caractères de contrôle"],
        .tooLong: [.en: "Must be at most {max} characters", .fr: "Doit compter au plus {max} caractères"],
        .invalidDate: [.en: "Must be a date as YYYY-MM-DD", .fr: "Doit être une date au format AAAA-MM-JJ"],
        .invalidLimit: [.en: "Limit must be a whole number from 1 to {max}", .fr: "La limite doit être un nombre entier de 1 à {max}"],
        .invalidCursor: [.en: "Cursor is not one this server gave out", .fr: "Ce curseur ne vient pas de ce serveur"],
        .invalidID: [.en: "Not a valid id", .fr: "Identifiant invalide"],
        .queryTooLong: [.en: "Search must be at most {max} characters", .fr: "La recherche doit compter au plus {max} caractères"],
        .invalidIfMatch: [.en: "If-Match must be one entity tag from this server, or *", .fr: "If-Match doit être une étiquette d'entité de ce serveur, ou *"],
        .staleContact: [.en: "The contact was changed since you read it", .fr: "Le contact a été modifié depuis votre lecture"],
        .malformedTitle: [.en: "The request is malformed", .fr: "La requête est mal formée"],
        .validationTitle: [.en: "Some fields are invalid", .fr: "Certains champs sont invalides"],
        .notFoundTitle: [.en: "Not found", .fr: "Introuvable"],
        .staleTitle: [.en: "Precondition failed", .fr: "Précondition non remplie"],
        .unavailableTitle: [.en: "Service unavailable", .fr: "Service indisponible"],
        .unavailableDetail: [.en: "Storage is busy; try again shortly", .fr: "Le stockage est occupé ; réessayez sous peu"],
        .failureTitle: [.en: "Internal error", .fr: "Erreur interne"],
        .failureDetail: [.en: "Something went wrong on our side", .fr: "Une erreur est survenue de notre côté"],
    ]

    /// The sentence for `key`, with `{name}` placeholders filled from `values`.
    public func text(_ key: Key, _ values: [String: String] = [:]) -> String {
        var text = Self.catalog[key]?[language] ?? Self.catalog[key]?[.en] ?? key.rawValue
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }
}
