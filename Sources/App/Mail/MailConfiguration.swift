import Foundation

/// Where and how mail leaves.
public struct MailConfiguration: Sendable {
    /// `smtp://[user:password@]host[:port]`; nil (the default): each message is written to the
    /// log instead and kept in the outbox.
    public var relayURL: String?
    /// The sender every message shows; its domain ends each `Message-ID`.
    public var fromAddress = "noreply@localhost.localdomain"
    /// `fromAddress`'s domain: the end of every `Message-ID` and the name the SMTP client greets with.
    public var domain: String { fromAddress.split(separator: "@").last.map(String.init) ?? "localhost" }
    /// The name shown with `fromAddress`.
    public var fromName = "Viperd"
    /// Each step of the SMTP dialogue (connect, each reply) must answer within this.
    public var timeout: TimeInterval = 30
    /// How the worker paces retries.
    public var delivery = MailDeliveryPolicy()

    public init() {}
}
