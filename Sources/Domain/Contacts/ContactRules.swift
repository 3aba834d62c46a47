/// The rules every stored contact satisfies.
enum ContactRules {
    static func failures(of fields: ContactFields) -> [ContactFieldFailure] {
        var failures: [ContactFieldFailure] = []
        if fields.firstName == nil && fields.lastName == nil {
            failures.append(ContactFieldFailure(field: .firstName, rule: .nameRequired))
            failures.append(ContactFieldFailure(field: .lastName, rule: .nameRequired))
        }
        if let email = fields.email, !EmailRule.isPlausible(email) {
            failures.append(ContactFieldFailure(field: .email, rule: .invalidEmail))
        }
        return failures
    }
}
