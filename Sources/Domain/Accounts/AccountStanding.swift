/// Reads an account's balance and makes its presentation model; shared by the account scenes.
enum AccountStanding {
    /// Throws `GatewayError` from storage, and `GatewayError.failure` when the stored amounts
    /// add up past 64-bit minor units (only corrupt data can do that).
    static func presentationModel(of account: Account, accounts: any AccountManager) throws -> AccountPresentationModel {
        let amounts = try accounts.amounts(of: account.id)
        do {
            return try AccountPresentationModel(account, amounts: amounts)
        } catch {
            throw GatewayError.failure("available amount of account \(account.id) overflows")
        }
    }
}
