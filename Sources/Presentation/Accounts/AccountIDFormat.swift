/// What an account id can look like: 1–64 of `A–Z a–z 0–9 _ -`, as every id this server makes.
public enum AccountIDFormat {
    public static func isValid(_ text: String) -> Bool {
        ContactIDFormat.isValid(text)
    }
}
