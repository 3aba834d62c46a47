import Domain
import Logging

/// Everything the Connectors inject, built once at start-up by the composition root.
public struct Dependencies: Sendable {
    public var gateway: any EntityGateway
    public var clock: any Clock
    public var ids: any IDGenerator
    public var hasher: any PasswordHasher
    public var tokens: any TokenIssuer
    public var loginThrottle: LoginThrottle
    /// Registrations per client address; nil for no limit (`--max-registrations-per-address 0`).
    public var registrationThrottle: RegistrationThrottle?
    public var sessionPolicy: SessionPolicy
    /// What every new user's first account is (currency from `--default-currency`).
    public var accountPolicy: AccountPolicy
    /// The one account `GET /api/sortedTransactions/…` serves without a token
    /// (`--public-report-account`); nil (the default) keeps those routes signed-in only.
    public var publicReportAccount: AccountID?
    public var authenticator: AccessTokenAuthenticator
    public var logger: Logger
    public var metrics: MetricsRegistry
    /// Tax, shipping costs and order limits, from configuration.
    public var orderPolicy: OrderPolicy
    /// Memo length and draft lifetime of transfers.
    public var transferPolicy: TransferPolicy
    /// Fingerprints of keyed requests (`Idempotency-Key`).
    public var fingerprinter: any RequestFingerprinter
    /// Leading bits of an IPv6 client address that make one client for the login and
    /// registration limits (`--ipv6-prefix-length`, as for the connection cap).
    public var ipv6PrefixLength: Int
    /// Each user's rates of changes and of money movements (`--max-writes-per-minute`,
    /// `--max-transfers-per-minute`).
    public var writeThrottle: WriteThrottle
    /// Makes the codes mailed to verify an address or reset a password.
    public var codes: any OneTimeCodeIssuer
    /// How long codes and unverified accounts live.
    public var identityPolicy: IdentityPolicy
    /// The mail strangers can cause, per recipient and per client address.
    public var mailThrottle: MailThrottle
    /// Caps and backlog of live-event streams, and their tickets.
    public var liveEventPolicy: LiveEventPolicy
    /// This instance's open live-event streams; the composition root wakes it after commits.
    public let liveEvents: LiveEventHub

    public init(
        gateway: any EntityGateway, clock: any Clock = SystemClock(), ids: any IDGenerator = TimeOrderedIDGenerator(),
        hasher: any PasswordHasher, tokens: any TokenIssuer, loginThrottle: LoginThrottle = LoginThrottle(counter: InMemoryAttemptCounter()),
        registrationThrottle: RegistrationThrottle? = RegistrationThrottle(counter: InMemoryAttemptCounter()),
        sessionPolicy: SessionPolicy = SessionPolicy(), accountPolicy: AccountPolicy = AccountPolicy(), publicReportAccount: AccountID? = nil,
        logger: Logger, metrics: MetricsRegistry,
        fingerprinter: any RequestFingerprinter, orderPolicy: OrderPolicy = .standard, transferPolicy: TransferPolicy = TransferPolicy(),
        ipv6PrefixLength: Int = 64, writeThrottle: WriteThrottle = WriteThrottle(counter: InMemoryRateWindowCounter()),
        codes: any OneTimeCodeIssuer, identityPolicy: IdentityPolicy = IdentityPolicy(),
        mailThrottle: MailThrottle = MailThrottle(counter: InMemoryAttemptCounter()), liveEventPolicy: LiveEventPolicy = LiveEventPolicy()
    ) {
        self.gateway = gateway
        self.clock = clock
        self.ids = ids
        self.hasher = hasher
        self.tokens = tokens
        self.loginThrottle = loginThrottle
        self.registrationThrottle = registrationThrottle
        self.sessionPolicy = sessionPolicy
        self.accountPolicy = accountPolicy
        self.publicReportAccount = publicReportAccount
        self.authenticator = AccessTokenAuthenticator(sessions: gateway.sessions, tokens: tokens, clock: clock, policy: sessionPolicy)
        self.logger = logger
        self.metrics = metrics
        self.fingerprinter = fingerprinter
        self.orderPolicy = orderPolicy
        self.transferPolicy = transferPolicy
        self.ipv6PrefixLength = ipv6PrefixLength
        self.writeThrottle = writeThrottle
        self.codes = codes
        self.identityPolicy = identityPolicy
        self.mailThrottle = mailThrottle
        self.liveEventPolicy = liveEventPolicy
        liveEvents = LiveEventHub(gateway: gateway, clock: clock, policy: liveEventPolicy, logger: logger)
    }

    /// What the identity scenes (registration, verification, resets) share.
    var identityServices: IdentityServices {
        IdentityServices(
            users: gateway.users, identity: gateway.identity, hasher: hasher, codes: codes, ids: ids, clock: clock, policy: identityPolicy,
            mailThrottle: mailThrottle)
    }
}
