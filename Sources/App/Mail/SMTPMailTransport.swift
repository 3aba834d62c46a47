import Domain
import Mail
import Presentation

/// The relay of `--smtp-url`: one SMTP dialogue per message (`SMTPClient`), its refusals sorted
/// into temporary (retried) and permanent (given up).
struct SMTPMailTransport: MailTransport {
    let client: SMTPClient
    let fromAddress: String
    let fromName: String

    func deliver(_ message: OutgoingMessage) -> DeliveryOutcome {
        let mail = OutgoingMail(
            from: fromAddress, fromName: fromName, to: message.request.recipient, subject: message.text.subject, body: message.text.body,
            messageID: message.messageID, date: message.date, language: message.request.language)
        do {
            try client.send(mail)
            return .sent
        } catch {
            switch error {
            case .temporary(let reason): return .temporaryFailure(reason)
            case .permanent(let reason): return .permanentFailure(reason)
            }
        }
    }
}
