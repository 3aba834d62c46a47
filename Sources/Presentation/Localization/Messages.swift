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
        case userNameRequired
        case emailRequired
        case passwordRequired
        case weakPassword
        case emailTaken
        case conflictTitle
        case invalidCredentials
        case unauthorizedTitle
        case unauthorizedDetail
        case throttledTitle
        case throttledDetail
        case noSuchPath
        case methodNotAllowedTitle
        case methodNotAllowedDetail
        case unsupportedMediaTypeTitle
        case unsupportedMediaTypeDetail
        case malformedJSONTitle
        case emptyBody
        case invalidJSON
        case invalidPathEncoding
        case invalidQueryEncoding
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
        .userNameRequired: [.en: "Name must be entered", .fr: "Le nom doit être saisi"],
        .emailRequired: [.en: "Email must be entered", .fr: "Le courriel doit être saisi"],
        .passwordRequired: [.en: "Password must be entered", .fr: "Le mot de passe doit être saisi"],
        .weakPassword: [.en: "Password must have at least {min} characters", .fr: "Le mot de passe doit compter au moins {min} caractères"],
        .emailTaken: [.en: "An account with this email already exists", .fr: "Un compte existe déjà avec ce courriel"],
        .conflictTitle: [.en: "Conflict", .fr: "Conflit"],
        .invalidCredentials: [.en: "Email or password is incorrect", .fr: "Courriel ou mot de passe incorrect"],
        .unauthorizedTitle: [.en: "Unauthorized", .fr: "Non autorisé"],
        .unauthorizedDetail: [.en: "A valid bearer token is required", .fr: "Un jeton porteur valide est requis"],
        .throttledTitle: [.en: "Too many attempts", .fr: "Trop de tentatives"],
        .noSuchPath: [.en: "There is no resource at this path", .fr: "Aucune ressource à ce chemin"],
        .methodNotAllowedTitle: [.en: "Method not allowed", .fr: "Méthode non autorisée"],
        .methodNotAllowedDetail: [.en: "{method} is not allowed here; allowed: {allowed}", .fr: "{method} n'est pas autorisé ici ; autorisé : {allowed}"],
        .unsupportedMediaTypeTitle: [.en: "Unsupported media type", .fr: "Type de média non pris en charge"],
        .unsupportedMediaTypeDetail: [.en: "Send the body as application/json (UTF-8)", .fr: "Envoyez le corps en application/json (UTF-8)"],
        .malformedJSONTitle: [.en: "Malformed JSON", .fr: "JSON mal formé"],
        .emptyBody: [.en: "The body is empty; a JSON object is expected", .fr: "Le corps est vide ; un objet JSON est attendu"],
        .invalidJSON: [.en: "The body is not valid JSON", .fr: "Le corps n'est pas du JSON valide"],
        .invalidPathEncoding: [.en: "The path has a % not followed by two hexadecimal digits", .fr: "Le chemin contient un % qui n'est pas suivi de deux chiffres hexadécimaux"],
        .invalidQueryEncoding: [.en: "The query string has a % not followed by two hexadecimal digits", .fr: "La chaîne de requête contient un % qui n'est pas suivi de deux chiffres hexadécimaux"],
        .throttledDetail: [.en: "Too many failed logins; try again in {seconds} seconds", .fr: "Trop d'échecs de connexion ; réessayez dans {seconds} secondes"],
    ]

    /// The sentence for `key`, with `{name}` placeholders filled from `values`.
    public func text(_ key: Key, _ values: [String: String] = [:]) -> String {
        var text = Self.catalog[key]?[language] ?? Self.catalog[key]?[.en] ?? key.rawValue
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }
}
