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
        var lingerTimeout: UInt64
        var lingerMaxBytes: Int
        var maxRequestsPerConnection: Int
        var outputHighWaterBytes: Int

        init(_ configuration: HTTPServerConfiguration) {
            limits = HTTPRequestParser.Limits(configuration)
            headerTimeout = configuration.headerTimeout.nanoseconds
            bodyTimeout = configuration.bodyTimeout.nanoseconds
            idleTimeout = configuration.idleTimeout.nanoseconds
            writeTimeout = configuration.writeTimeout.nanoseconds
            handlerTimeout = configuration.handlerTimeout.nanoseconds
            lingerTimeout = configuration.lingerTimeout.nanoseconds
            lingerMaxBytes = configuration.lingerMaxBytes
            maxRequestsPerConnection = configuration.maxRequestsPerConnection
            outputHighWaterBytes = configuration.outputHighWaterBytes
        }
    }
}
