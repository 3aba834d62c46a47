import Domain

/// The sentence each live event shows people, in the stream's language.
public enum LiveEventWording {
    /// What `event` says happened.
    public static func message(_ event: LiveEventPresentationModel, messages: Messages) -> String {
        let amount = event.amount.map { MoneyViewModel($0, language: messages.language).formatted } ?? ""
        let key: Messages.Key = switch OutboxEventType(rawValue: event.type) {
        case .transferSent: .liveTransferSent
        case .transferReceived: .liveTransferReceived
        case .transferPending: .liveTransferPending
        case .transferClaimed: .liveTransferClaimed
        case .transferCancelled: .liveTransferCancelled
        case .transferExpired: .liveTransferExpired
        case .orderPlaced: .liveOrderPlaced
        case .orderCancelled: .liveOrderCancelled
        case .contactCreated: .liveContactCreated
        case .contactUpdated: .liveContactUpdated
        case .contactDeleted: .liveContactDeleted
        case .emailVerified: .liveEmailVerified
        case .passwordChanged, .passwordReset: .livePasswordChanged
        default: .liveAccountNotice
        }
        return messages.text(key, ["amount": amount, "number": event.order.map { $0.number.description } ?? ""])
    }
}
