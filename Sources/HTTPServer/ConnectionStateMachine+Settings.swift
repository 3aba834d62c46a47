extension ConnectionStateMachine {
    /// The limits and timeouts a connection enforces, converted once per server.
    struct Settings: Sendable {
        var limits: HTTPRequestParser.Limits
        // Deadlines in nanoseconds.
        var headerTimeout: UInt64
        var bodyTimeout: UInt64
        var idleTimeout: UInt64
        var writeTimeout: UInt64
        var handlerTimeout: UInt64
        var streamTimeout: UInt64
        var lingerTimeout: UInt64
        var lingerMaxBytes: Int
        var maxRequestsPerConnection: Int
        var outputHighWaterBytes: Int
        /// Bytes per second; 0: no rate rule (see `HTTPServerConfiguration.minTransferRate`).
        var minTransferRate: Int
        var unreservedBodyBytes: Int
        /// Shared by every connection of the server.
        var bodyBudget: MemoryBudget
        /// Unsent response bytes of every connection of the server.
        var outputBudget: MemoryBudget

        init(_ configuration: HTTPServerConfiguration) {
            limits = HTTPRequestParser.Limits(configuration)
            headerTimeout = configuration.headerTimeout.nanoseconds
            bodyTimeout = configuration.bodyTimeout.nanoseconds
            idleTimeout = configuration.idleTimeout.nanoseconds
            writeTimeout = configuration.writeTimeout.nanoseconds
            handlerTimeout = configuration.handlerTimeout.nanoseconds
            streamTimeout = configuration.streamTimeout.nanoseconds
            lingerTimeout = configuration.lingerTimeout.nanoseconds
            lingerMaxBytes = configuration.lingerMaxBytes
            maxRequestsPerConnection = configuration.maxRequestsPerConnection
            outputHighWaterBytes = configuration.outputHighWaterBytes
            minTransferRate = max(0, configuration.minTransferRate)
            unreservedBodyBytes = max(0, configuration.unreservedBodyBytes)
            bodyBudget = MemoryBudget(limit: configuration.maxBufferedBodyBytes)
            outputBudget = MemoryBudget(limit: configuration.maxUnsentOutputBytes)
        }

        /// Nanoseconds `bytes` take at the minimum transfer rate; 0 without a rate rule,
        /// `UInt64.max` when it overflows.
        func transferTime(of bytes: Int) -> UInt64 {
            guard minTransferRate > 0, bytes > 0 else { return 0 }
            let (nanoseconds, overflow) = UInt64(bytes).multipliedReportingOverflow(by: 1_000_000_000)
            return overflow ? .max : nanoseconds / UInt64(minTransferRate)
        }
    }
}

extension UInt64 {
    /// `self + other`, or `UInt64.max` when that overflows: deadlines far off stay far off.
    func addingSaturated(_ other: UInt64) -> UInt64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}
