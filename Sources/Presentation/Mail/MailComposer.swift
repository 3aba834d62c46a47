import Domain

/// The words of a queued message, in its recipient's language: what the delivery worker sends
/// (or logs, with no relay).
public struct MailText: Equatable, Sendable {
    public let subject: String
    public let body: String
}

/// Words each kind of mail from the catalog, like every other text of the API.
public enum MailComposer {
    /// The subject and plain-text body of `mail`; `codeLifetimeMinutes` is what the message says
    /// the code is good for.
    public static func text(of mail: MailRequest, codeLifetimeMinutes: Int) -> MailText {
        let messages = Messages(Language(rawValue: mail.language) ?? .en)
        let values = ["name": mail.recipientName, "email": mail.recipient, "code": mail.secret ?? "", "minutes": "\(codeLifetimeMinutes)"]
        let (subject, body): (Messages.Key, Messages.Key) = switch mail.kind {
        case .emailVerification: (.mailVerificationSubject, .mailVerificationBody)
        case .registrationAttempt: (.mailRegistrationAttemptSubject, .mailRegistrationAttemptBody)
        case .passwordReset: (.mailPasswordResetSubject, .mailPasswordResetBody)
        case .passwordChanged: (.mailPasswordChangedSubject, .mailPasswordChangedBody)
        }
        return MailText(subject: messages.text(subject, values), body: messages.text(body, values))
    }
}
