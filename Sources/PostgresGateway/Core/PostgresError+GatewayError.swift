import Domain

extension PostgresError: GatewayErrorConvertible {
    /// Class 23 is the client's conflict; transient faults are 503 with `Retry-After`, the rest
    /// (syntax, undefined table, data corruption) 500.
    public var gatewayError: GatewayError {
        if isConstraintViolation { return .conflict(description) }
        return isTransient ? .unavailable(description) : .failure(description)
    }
}
