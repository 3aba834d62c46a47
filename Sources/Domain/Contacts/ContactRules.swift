/// The rules every stored contact satisfies.
enum ContactRules {
    static func failures(of fields: ContactFields) -> [ContactFieldFailure] {
        var failures: [ContactFieldFailure] = []
        if fields.firstName == nil && fields.lastName == nil {
            failures.append(ContactFieldFailure(field: .firstName, rule: .nameRequired))
            failures.append(ContactFieldFailure(field: .lastName, rule: .nameRequired))
        }
        // The owner is not the only one shown these names: a transfer to the contact carries them.
        for (field, name) in [(ContactFieldFailure.Field.firstName, fields.firstName), (.lastName, fields.lastName)] {
            if let name, !VisibleText.isVisibleName(name) { failures.append(ContactFieldFailure(field: field, rule: .invisibleCharacters)) }
        }
        if let email = fields.email {
            switch EmailRule.failure(of: email) {
            case .invisibleCharacters?: failures.append(ContactFieldFailure(field: .email, rule: .invisibleCharacters))
            case .nonASCIIDomain?: failures.append(ContactFieldFailure(field: .email, rule: .nonASCIIDomain))
            case .implausible?: failures.append(ContactFieldFailure(field: .email, rule: .invalidEmail))
            case nil: break
            }
        }
        return failures
    }
}
