extension GatewayError {
    /// Any thrown error as a `GatewayError`: a storage library's own error by its kind, anything
    /// else as a failure.
    public static func mapped(_ error: any Error) -> GatewayError {
        switch error {
        case let error as GatewayError: error
        case let error as any GatewayErrorConvertible: error.gatewayError
        default: .failure(String(describing: error))
        }
    }

    /// Runs `body`, reporting whatever it throws as a `GatewayError`, as `ContactManager` and its
    /// siblings promise.
    public static func mapping<T>(_ body: () throws -> T) throws(GatewayError) -> T {
        do {
            return try body()
        } catch {
            throw mapped(error)
        }
    }
}
