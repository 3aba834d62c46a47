import Domain

/// Converts a new account's body (`{name, currency}`) and words the outcome.
///
/// Format is checked here (400): strings, and a currency of three capital letters; whether the
/// code is a known ISO 4217 currency is the use case's rule (422).
public final class AccountCreatePresenter: AccountCreateUseCaseOutput, StorageFailurePresenter {
    private let useCase: AccountCreateUseCase
    private let output: any ViewModelPresenterOutput<AccountViewModel>
    public let messages: Messages
    public var problemOutput: any ProblemPresenterOutput { output }

    public init(useCase: AccountCreateUseCase, output: any ViewModelPresenterOutput<AccountViewModel>, messages: Messages) {
        self.useCase = useCase
        self.output = output
        self.messages = messages
    }

    public func eventCreate(body: JSONValue) {
        var reader = FieldReader(messages: messages)
        guard let object = reader.object(body) else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        // Past the name rule's limit only so that the use case can report `tooLong` (422).
        let name = reader.string(object, "name", pointer: "/name", maxLength: 1024)
        let currency = reader.string(object, "currency", pointer: "/currency", maxLength: 3)
        if case .value(let code) = currency, !(code.utf8.count == 3 && code.utf8.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A })) {
            reader.record(FieldErrorViewModel(pointer: "/currency", code: .invalidFormat, detail: messages.text(.invalidCurrencyFormat)))
        }
        guard reader.errors.isEmpty else {
            output.showMalformedInput(messages.malformed(reader.errors))
            return
        }
        useCase.eventCreate(name: Self.value(name), currencyCode: Self.value(currency), output: self)
    }

    private static func value(_ presence: FieldReader.Presence<String>) -> String? {
        if case .value(let text) = presence { text } else { nil }
    }

    public func presentCreated(_ account: AccountPresentationModel) { output.show(AccountViewModel(account, language: messages.language)) }

    public func presentValidationFailures(_ failures: [AccountFieldFailure]) {
        output.showValidationFailures(AccountFailureWording.problem(failures, messages: messages))
    }
}
