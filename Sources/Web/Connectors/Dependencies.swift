import Domain
import Logging

/// Everything the Connectors inject, built once at start-up by the composition root.
public struct Dependencies: Sendable {
    public var gateway: any EntityGateway
    public var clock: any Clock
    public var ids: any IDGenerator
    public var logger: Logger
    public var metrics: MetricsRegistry
    /// The owner of every contact until users and sessions exist.
    public var developmentOwner: UserID

    /// The fixed development owner's id.
    public static let developmentOwner = UserID("dev")

    public init(gateway: any EntityGateway, clock: any Clock = SystemClock(), ids: any IDGenerator = RandomIDGenerator(), logger: Logger, metrics: MetricsRegistry, developmentOwner: UserID = Dependencies.developmentOwner) {
        self.gateway = gateway
        self.clock = clock
        self.ids = ids
        self.logger = logger
        self.metrics = metrics
        self.developmentOwner = developmentOwner
    }
}
