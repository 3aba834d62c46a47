import Foundation
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
        var values = ["name": mail.recipientName, "email": mail.recipient, "code": mail.secret ?? "", "minutes": "\(codeLifetimeMinutes)"]
        if mail.kind == .transferPending { values.merge(transferValues(mail.details, language: messages.language)) { $1 } }
        let (subject, body): (Messages.Key, Messages.Key) = switch mail.kind {
        case .emailVerification: (.mailVerificationSubject, .mailVerificationBody)
        case .registrationAttempt: (.mailRegistrationAttemptSubject, .mailRegistrationAttemptBody)
        case .passwordReset: (.mailPasswordResetSubject, .mailPasswordResetBody)
        case .passwordChanged: (.mailPasswordChangedSubject, .mailPasswordChangedBody)
        case .transferPending: (.mailTransferPendingSubject, .mailTransferPendingBody)
        }
        return MailText(subject: messages.text(subject, values), body: messages.text(body, values))
    }

    /// A pending transfer's sender, amount and end, worded in `language`; what the details lack
    /// stays out of the text rather than failing the message.
    private static func transferValues(_ details: [String: String], language: Language) -> [String: String] {
        var values = ["sender": details["sender"] ?? "", "currency": details["currency"] ?? ""]
        if let minor = details["amountMinor"].flatMap({ Int64($0) }), let currency = details["currency"].flatMap({ Currency(code: $0) }) {
            values["amount"] = MoneyViewModel(Money(minor: minor, currency: currency), language: language).formatted
        }
        if let seconds = details["expiresAt"].flatMap({ Int64($0) }) {
            values["date"] = DateFormatting.instant(Date(timeIntervalSince1970: TimeInterval(seconds)), language: language)
        }
        return values
    }
}
