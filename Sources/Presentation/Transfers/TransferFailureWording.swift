import Domain

/// Transfer and draft outcomes in the client's words, each refusal at the pointer of the field
/// that caused it (for a draft's submit: the field of the step that set it).
enum TransferFailureWording {
    static let fromAccountPointer = "/fromAccountId"
    static let toAccountPointer = "/toAccountId"
    static let toContactPointer = "/toContactId"
    static let amountPointer = "/amount"

    static func problem(_ failures: [TransferFieldFailure], messages: Messages) -> ProblemViewModel {
        validation(failures.map { error($0, messages: messages) }, messages: messages)
    }

    /// 422 `validation_failed` with `errors`, each detail once in `detail`.
    static func validation(_ errors: [FieldErrorViewModel], messages: Messages) -> ProblemViewModel {
        var seen = Set<String>()
        let details = errors.map(\.detail).filter { seen.insert($0).inserted }
        return ProblemViewModel(
            code: .validationFailed, title: messages.text(.validationTitle), detail: details.joined(separator: "; "), errors: errors)
    }

    static func error(_ failure: TransferFieldFailure, messages: Messages) -> FieldErrorViewModel {
        switch (failure.field, failure.rule) {
        case (.fromAccountId, _):
            FieldErrorViewModel(pointer: fromAccountPointer, code: .required, detail: messages.text(.fromAccountRequired))
        case (.recipient, .conflictingRecipients):
            FieldErrorViewModel(pointer: toContactPointer, code: .conflictingRecipients, detail: messages.text(.conflictingRecipients))
        case (.recipient, _):
            FieldErrorViewModel(pointer: toAccountPointer, code: .required, detail: messages.text(.recipientRequired))
        case (.amount, .notPositive):
            FieldErrorViewModel(pointer: amountPointer, code: .notPositive, detail: messages.text(.amountNotPositive))
        case (.amount, .tooManyDecimals):
            FieldErrorViewModel(pointer: amountPointer, code: .tooManyDecimals, detail: messages.text(.amountTooManyDecimals))
        case (.amount, .tooLarge):
            FieldErrorViewModel(pointer: amountPointer, code: .tooLarge, detail: messages.text(.amountTooLarge))
        case (.amount, _):
            FieldErrorViewModel(pointer: amountPointer, code: .required, detail: messages.text(.amountRequired))
        case (.memo, _):
            FieldErrorViewModel(pointer: "/memo", code: .tooLong, detail: messages.text(.tooLong, ["max": "\(TransferPolicy().maximumMemoLength)"]))
        }
    }

    /// Submit needs these steps first.
    static func incomplete(_ missing: [TransferDraftStep], messages: Messages) -> ProblemViewModel {
        let errors = missing.map { step in
            switch step {
            case .amount: FieldErrorViewModel(pointer: amountPointer, code: .required, detail: messages.text(.amountRequired))
            case .recipient: FieldErrorViewModel(pointer: toAccountPointer, code: .required, detail: messages.text(.recipientRequired))
            }
        }
        return ProblemViewModel(
            code: .draftIncomplete, title: messages.text(.validationTitle), detail: messages.text(.draftIncomplete), errors: errors)
    }

    static func notFound(messages: Messages) -> ProblemViewModel {
        ProblemViewModel(code: .notFound, title: messages.text(.notFoundTitle), detail: messages.text(.transferNotFound))
    }

    static func draftNotFound(messages: Messages) -> ProblemViewModel {
        ProblemViewModel(code: .notFound, title: messages.text(.notFoundTitle), detail: messages.text(.transferDraftNotFound))
    }

    /// An account or contact id in the body names nothing of this user; missing and someone
    /// else's read alike.
    static func referenceNotFound(at pointer: String, contact: Bool, messages: Messages) -> ProblemViewModel {
        let detail = messages.text(contact ? .contactNotFound : .accountNotFound)
        return ProblemViewModel(
            code: .notFound, title: messages.text(.notFoundTitle), detail: detail,
            errors: [FieldErrorViewModel(pointer: pointer, code: .notFound, detail: detail)])
    }

    static func sameAccount(at pointer: String, messages: Messages) -> ProblemViewModel {
        refusal(.sameAccount, .sameAccount, messages.text(.sameAccount), at: pointer, messages: messages)
    }

    static func currencyMismatch(messages: Messages) -> ProblemViewModel {
        refusal(.currencyMismatch, .currencyMismatch, messages.text(.transferCurrencyMismatch), at: toAccountPointer, messages: messages)
    }

    static func recipientNotReachable(messages: Messages) -> ProblemViewModel {
        refusal(.recipientNotReachable, .recipientNotReachable, messages.text(.recipientNotReachable), at: toContactPointer, messages: messages)
    }

    static func insufficientFunds(messages: Messages) -> ProblemViewModel {
        refusal(.insufficientFunds, .insufficientFunds, messages.text(.insufficientFunds), at: amountPointer, messages: messages)
    }

    static func draftChanged(messages: Messages) -> ProblemViewModel {
        ProblemViewModel(code: .draftChanged, title: messages.text(.conflictTitle), detail: messages.text(.draftChanged))
    }

    private static func refusal(
        _ code: ProblemCode, _ field: FieldErrorCode, _ detail: String, at pointer: String, messages: Messages
    ) -> ProblemViewModel {
        ProblemViewModel(
            code: code, title: messages.text(.transferRefusedTitle), detail: detail,
            errors: [FieldErrorViewModel(pointer: pointer, code: field, detail: detail)])
    }
}
