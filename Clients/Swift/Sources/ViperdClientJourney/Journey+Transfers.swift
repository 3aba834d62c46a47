import ViperdClient

extension Journey {
    /// Transfers: one step and the draft flow.
    func transfers() async throws {
        // TODO: written once the server serves /v1/transfers and /v1/transfer-drafts.
        skip("transfers", because: "the server does not serve /v1/transfers yet")
    }
}
