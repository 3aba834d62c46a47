import Domain

/// Order outcomes in the client's words: the use case's rule failures, each at its pointer,
/// and the refusals of the order scenes.
enum OrderFailureWording {
    static func problem(_ failures: [OrderFieldFailure], messages: Messages) -> ProblemViewModel {
        let errors = failures.map { error($0, messages: messages) }
        var seen = Set<String>()
        let details = errors.map(\.detail).filter { seen.insert($0).inserted }
        return ProblemViewModel(
            code: .validationFailed, title: messages.text(.validationTitle), detail: details.joined(separator: "; "), errors: errors)
    }

    static func error(_ failure: OrderFieldFailure, messages: Messages) -> FieldErrorViewModel {
        let maximumQuantity = ["max": "\(OrderPolicy.standard.maximumQuantity)"]
        let (code, detail): (FieldErrorCode, String) =
            switch failure.rule {
            case .required: (.required, required(at: failure.pointer, messages: messages))
            case .invalidEmail: (.invalidEmail, messages.text(.invalidEmail))
            case .invisibleCharacters: (.invisibleCharacters, messages.text(.invisibleCharacters))
            case .nonASCIIDomain: (.nonASCIIDomain, messages.text(.nonASCIIDomain))
            case .noItems: (.noItems, messages.text(.noItems))
            case .tooManyLines: (.tooManyLines, messages.text(.tooManyLines, ["max": "\(OrderPolicy.standard.maximumLines)"]))
            case .unknownProduct: (.unknownProduct, messages.text(.unknownProduct))
            case .quantityOutOfRange: (.quantityOutOfRange, messages.text(.quantityOutOfRange, maximumQuantity))
            case .combinedQuantityOutOfRange: (.combinedQuantityOutOfRange, messages.text(.combinedQuantityOutOfRange, maximumQuantity))
            case .conflictingShipmentAddress: (.conflictingShipmentAddress, messages.text(.conflictingShipmentAddress))
            case .contactAddressIncomplete: (.contactAddressIncomplete, messages.text(.contactAddressIncomplete))
            case .totalTooLarge: (.totalTooLarge, messages.text(.totalTooLarge))
            }
        return FieldErrorViewModel(pointer: failure.pointer, code: code, detail: detail)
    }

    /// "Product must be entered", "Quantity must be entered", … by what the pointer names.
    static func required(at pointer: String, messages: Messages) -> String {
        switch pointer {
        case "/customer/firstName": return messages.text(.firstNameRequired)
        case "/customer/lastName": return messages.text(.lastNameRequired)
        case "/customer/email": return messages.text(.emailRequired)
        case "/billingAddress": return messages.text(.billingAddressRequired)
        case "/shipmentAddress": return messages.text(.shipmentAddressRequired)
        case "/shipmentMethod": return messages.text(.shipmentMethodRequired)
        case "/items": return messages.text(.itemsRequired)
        default: break
        }
        let last = pointer.split(separator: "/").last.map(String.init) ?? ""
        switch last {
        case "productId": return messages.text(.productRequired)
        case "quantity": return messages.text(.quantityRequired)
        case "street": return messages.text(.streetRequired)
        case "city": return messages.text(.cityRequired)
        case "postalCode": return messages.text(.postalCodeRequired)
        case "country": return messages.text(.countryRequired)
        default: return messages.text(.valueRequired)
        }
    }

    static func notFound(messages: Messages) -> ProblemViewModel {
        ProblemViewModel(code: .notFound, title: messages.text(.notFoundTitle), detail: messages.text(.orderNotFound))
    }

    /// `shipToContactId` names no contact of this user; missing and someone else's read alike.
    static func contactNotFound(messages: Messages) -> ProblemViewModel {
        let detail = messages.text(.contactNotFound)
        return ProblemViewModel(
            code: .notFound, title: messages.text(.notFoundTitle), detail: detail,
            errors: [FieldErrorViewModel(pointer: "/shipToContactId", code: .notFound, detail: detail)])
    }

    /// `payFromAccountId` names no account of this user; missing and someone else's read alike.
    static func paymentAccountNotFound(messages: Messages) -> ProblemViewModel {
        let detail = messages.text(.accountNotFound)
        return ProblemViewModel(
            code: .notFound, title: messages.text(.notFoundTitle), detail: detail,
            errors: [FieldErrorViewModel(pointer: "/payFromAccountId", code: .notFound, detail: detail)])
    }

    static func paymentCurrencyMismatch(messages: Messages) -> ProblemViewModel {
        payment(.currencyMismatch, .currencyMismatch, messages.text(.paymentCurrencyMismatch), messages: messages)
    }

    static func insufficientFunds(messages: Messages) -> ProblemViewModel {
        payment(.insufficientFunds, .insufficientFunds, messages.text(.insufficientFunds), messages: messages)
    }

    private static func payment(_ code: ProblemCode, _ field: FieldErrorCode, _ detail: String, messages: Messages) -> ProblemViewModel {
        ProblemViewModel(
            code: code, title: messages.text(.paymentRefusedTitle), detail: detail,
            errors: [FieldErrorViewModel(pointer: "/payFromAccountId", code: field, detail: detail)])
    }

    static func invalidTransition(messages: Messages) -> ProblemViewModel {
        ProblemViewModel(code: .invalidTransition, title: messages.text(.conflictTitle), detail: messages.text(.invalidTransition))
    }
}
