import Domain

/// Turns an order's JSON body into an `OrderCreateRequest`, with every format error at once.
///
/// Formats only: a missing field stays nil for the use case to name, and business limits
/// (lines, quantities up to 999) are the use case's too.
struct OrderInputConverter {
    /// More items than this are refused unread, with one error: no body of this size is an
    /// order (the use case allows 100 lines), and reading it would list thousands of errors.
    static let maximumItems = 1_000

    private var reader: FieldReader
    private let messages: Messages

    init(messages: Messages) {
        self.messages = messages
        reader = FieldReader(messages: messages)
    }

    var errors: [FieldErrorViewModel] { reader.errors }

    mutating func request(_ body: JSONValue) -> OrderCreateRequest {
        var request = OrderCreateRequest()
        guard let object = reader.object(body) else { return request }
        if let customer = reader.object(object, "customer", pointer: "/customer") {
            for field in OrderInputField.customerFields {
                guard let target = field.customer else { continue }
                request[keyPath: target] = text(customer, field, pointer: "/customer/\(field.key)")
            }
            if let email = request.email, !EmailRule.isPlausible(email) {
                reader.record(FieldErrorViewModel(pointer: "/customer/email", code: .invalidEmail, detail: messages.text(.invalidEmail)))
            }
        }
        request.billingAddress = address(object, "billingAddress")
        request.shipmentAddress = address(object, "shipmentAddress")
        request.shipToContactID = id(object, "shipToContactId", pointer: "/shipToContactId").map(ContactID.init)
        request.shipmentSpeed = speed(object)
        request.items = items(object)
        request.payFromAccountID = id(object, "payFromAccountId", pointer: "/payFromAccountId")
        return request
    }

    private mutating func text(_ object: [String: JSONValue], _ field: OrderInputField, pointer: String) -> String? {
        if case .value(let text) = reader.string(object, field.key, pointer: pointer, maxLength: field.maxLength) { return text }
        return nil
    }

    /// An address object; `{}` is an address with every part missing, for the use case to name.
    private mutating func address(_ object: [String: JSONValue], _ key: String) -> PostalAddress? {
        guard let fields = reader.object(object, key, pointer: "/\(key)") else { return nil }
        var address = PostalAddress()
        for field in OrderInputField.addressFields {
            guard let target = field.address else { continue }
            address[keyPath: target] = text(fields, field, pointer: "/\(key)/\(field.key)")
        }
        return address
    }

    /// An id of ours: a string of `IDFormat`.
    private mutating func id(_ object: [String: JSONValue], _ key: String, pointer: String) -> String? {
        guard case .value(let text) = reader.string(object, key, pointer: pointer, maxLength: IDFormat.maximumLength) else { return nil }
        guard IDFormat.isValid(text) else {
            reader.record(FieldErrorViewModel(pointer: pointer, code: .invalidID, detail: messages.text(.invalidID)))
            return nil
        }
        return text
    }

    /// `"standard"`, `"twoDay"` or `"oneDay"`.
    private mutating func speed(_ object: [String: JSONValue]) -> ShipmentSpeed? {
        guard case .value(let text) = reader.string(object, "shipmentMethod", pointer: "/shipmentMethod", maxLength: 100) else { return nil }
        guard let speed = ShipmentSpeed(rawValue: text) else {
            reader.record(FieldErrorViewModel(pointer: "/shipmentMethod", code: .invalidValue, detail: messages.text(.invalidShipmentMethod)))
            return nil
        }
        return speed
    }

    private mutating func items(_ object: [String: JSONValue]) -> [OrderCreateRequest.Item]? {
        switch object["items"] {
        case nil, .null?:
            return nil
        case .array(let elements)?:
            guard elements.count <= Self.maximumItems else {
                reader.record(FieldErrorViewModel(
                    pointer: "/items", code: .tooManyItems, detail: messages.text(.tooManyItems, ["max": "\(Self.maximumItems)"])))
                return nil
            }
            return elements.enumerated().map { index, element in item(element, pointer: "/items/\(index)") }
        default:
            reader.record(FieldErrorViewModel(pointer: "/items", code: .invalidType, detail: messages.text(.mustBeArray)))
            return nil
        }
    }

    private mutating func item(_ element: JSONValue, pointer: String) -> OrderCreateRequest.Item {
        guard case .object(let fields) = element else {
            reader.record(FieldErrorViewModel(pointer: pointer, code: .invalidType, detail: messages.text(.mustBeObject)))
            return OrderCreateRequest.Item()
        }
        let productID = id(fields, "productId", pointer: pointer + "/productId").map(ProductID.init)
        return OrderCreateRequest.Item(productID: productID, quantity: quantity(fields["quantity"], pointer: pointer + "/quantity"))
    }

    /// A JSON integer literal of digits only, above zero: not `-1`, `0`, `1.5`, `3.0`, `1e3`,
    /// `"3"` or `true`. One too large for `Int` is `Int.max`, for the use case's range rule.
    private mutating func quantity(_ value: JSONValue?, pointer: String) -> Int? {
        switch value {
        case nil, .null?:
            return nil
        case .number(let literal)? where literal.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) && literal != "0":
            return Int(literal) ?? Int.max
        default:
            reader.record(FieldErrorViewModel(pointer: pointer, code: .invalidFormat, detail: messages.text(.quantityDigitsOnly)))
            return nil
        }
    }
}
