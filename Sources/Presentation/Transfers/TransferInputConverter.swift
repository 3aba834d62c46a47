import Domain

/// Turns transfer and draft bodies into domain requests: format errors (400) in `errors`, and
/// the amount's own errors (422, at `/amount`) in `amountErrors`.
///
/// The amount is checked for syntax only (a JSON string of digits with an optional fraction, at
/// most `DecimalAmount.maximumLength` characters) and handed on as text: how many decimals it
/// may carry depends on the source account's currency, which the use case knows.
struct TransferInputConverter {
    /// Longer memos are refused unread (400); the memo rule itself (140) is the use case's (422).
    static let memoReadLimit = 1_024

    private var reader: FieldReader
    private let messages: Messages
    private(set) var amountErrors: [FieldErrorViewModel] = []

    init(messages: Messages) {
        self.messages = messages
        reader = FieldReader(messages: messages)
    }

    var errors: [FieldErrorViewModel] { reader.errors }

    /// `POST /v1/transfers`: `{fromAccountId, toAccountId | toContactId, amount, memo}`.
    mutating func request(_ body: JSONValue) -> TransferCreateRequest {
        var request = TransferCreateRequest()
        guard let object = reader.object(body) else { return request }
        request.fromAccountID = id(object, "fromAccountId").map(AccountID.init)
        request.toAccountID = id(object, "toAccountId").map(AccountID.init)
        request.toContactID = id(object, "toContactId").map(ContactID.init)
        request.amount = amount(object)
        request.memo = memo(object)
        return request
    }

    /// `POST /v1/transfer-drafts`: `{fromAccountId}`.
    mutating func source(_ body: JSONValue) -> AccountID? {
        guard let object = reader.object(body) else { return nil }
        return id(object, "fromAccountId").map(AccountID.init)
    }

    /// `POST /v1/transfers/{id}/claim`: `{toAccountId}`.
    mutating func claimAccount(_ body: JSONValue) -> AccountID? {
        guard let object = reader.object(body) else { return nil }
        return id(object, "toAccountId").map(AccountID.init)
    }

    /// `PATCH /v1/transfer-drafts/{id}`: exactly one step, `{amount}`, `{toAccountId | toContactId}`
    /// or `{memo}`; nil (with an error) for none or several.
    mutating func change(_ body: JSONValue) -> TransferDraftChange? {
        guard let object = reader.object(body) else { return nil }
        let steps = [
            object["amount"] != nil, object["toAccountId"] != nil || object["toContactId"] != nil, object["memo"] != nil,
        ]
        guard steps.filter({ $0 }).count == 1 else {
            reader.record(FieldErrorViewModel(pointer: "", code: .oneStep, detail: messages.text(.draftOneStep)))
            return nil
        }
        if steps[0] { return .amount(amount(object)) }
        if steps[1] {
            return .recipient(toAccountID: id(object, "toAccountId").map(AccountID.init), toContactID: id(object, "toContactId").map(ContactID.init))
        }
        return .memo(memo(object))
    }

    /// An id of ours: a string of `IDFormat`; absent, null or empty is nil.
    private mutating func id(_ object: [String: JSONValue], _ key: String) -> String? {
        let pointer = "/\(key)"
        guard case .value(let text) = reader.string(object, key, pointer: pointer, maxLength: IDFormat.maximumLength) else { return nil }
        guard IDFormat.isValid(text) else {
            reader.record(FieldErrorViewModel(pointer: pointer, code: .invalidID, detail: messages.text(.invalidID)))
            return nil
        }
        return text
    }

    private mutating func memo(_ object: [String: JSONValue]) -> String? {
        if case .value(let text) = reader.string(object, "memo", pointer: "/memo", maxLength: Self.memoReadLimit) { return text }
        return nil
    }

    /// Absent, null or blank is nil, for the use case to name (in a draft step: the amount is
    /// cleared); anything but a well-formed decimal string is an amount error. Never converted
    /// to a floating-point number.
    private mutating func amount(_ object: [String: JSONValue]) -> DecimalAmount? {
        switch object["amount"] {
        case nil, .null?:
            return nil
        case .string(let text)?:
            if text.utf8.count > DecimalAmount.maximumLength {
                amountError(.tooLong, messages.text(.tooLong, ["max": "\(DecimalAmount.maximumLength)"]))
            } else if text.unicodeScalars.allSatisfy(\.isTrimmedWhitespace) {
                return nil
            } else if text.hasPrefix("-") {
                amountError(.notPositive, messages.text(.amountNotPositive))
            } else if let amount = DecimalAmount(text) {
                return amount
            } else {
                amountError(.invalidFormat, messages.text(.amountFormat))
            }
            return nil
        default:
            amountError(.invalidType, messages.text(.amountMustBeString))
            return nil
        }
    }

    private mutating func amountError(_ code: FieldErrorCode, _ detail: String) {
        amountErrors.append(FieldErrorViewModel(pointer: "/amount", code: code, detail: detail))
    }
}
