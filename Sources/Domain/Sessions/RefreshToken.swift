/// A refresh token as the client holds it: `family.secret`, each half a token of the
/// `TokenIssuer` (see `SessionRefreshState`).
public enum RefreshToken {
    /// The longest text that can be a refresh token; longer is refused before any digest.
    public static let maximumLength = 200

    /// The token a client is given for the two halves.
    public static func compose(family: IssuedToken, secret: IssuedToken) -> String {
        family.token + "." + secret.token
    }

    /// The token a refresh gives: the presented token's family half with a new secret half.
    public static func compose(familyHalf: String, secret: IssuedToken) -> String {
        familyHalf + "." + secret.token
    }

    /// The family half as presented, and the digests of both halves; nil for anything that
    /// cannot be one of ours, so junk never reaches storage.
    public static func parse(_ token: String, tokens: any TokenIssuer) -> (familyHalf: String, familyDigest: String, secretDigest: String)? {
        guard token.utf8.count <= maximumLength else { return nil }
        let halves = token.split(separator: ".", omittingEmptySubsequences: false)
        guard halves.count == 2 else { return nil }
        let familyHalf = String(halves[0])
        guard let family = tokens.digest(of: familyHalf), let secret = tokens.digest(of: String(halves[1])) else { return nil }
        return (familyHalf, family, secret)
    }
}
