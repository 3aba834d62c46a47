import Domain

/// Turns a contact's JSON body into Domain values, with every format error at once.
struct ContactInputConverter {
    /// Longest accepted value per field, in characters.
    static let maxLengths: [String: Int] = [
        "firstName": 100, "lastName": 100, "email": 254, "phone": 40,
        "street": 200, "street2": 200, "city": 100, "province": 100, "postalCode": 20, "country": 100,
    ]
    static let addressKeys = ["street", "street2", "city", "province", "postalCode", "country"]

    var reader: FieldReader
    let messages: Messages

    init(messages: Messages) {
        self.messages = messages
        reader = FieldReader(messages: messages)
    }

    var errors: [FieldErrorViewModel] { reader.errors }

    /// The body as an object, or an error at the root pointer.
    mutating func object(_ body: JSONValue) -> [String: JSONValue]? {
        guard case .object(let object) = body else {
            reader.record(FieldErrorViewModel(pointer: "", code: "invalid_type", detail: messages.text(.mustBeObject)))
            return nil
        }
        return object
    }

    /// All fields for a new contact; absent and null both mean "no value".
    mutating func fields(_ body: JSONValue) -> ContactFields {
        var fields = ContactFields()
        guard let object = object(body) else { return fields }
        fields.firstName = text(object, "firstName", "/firstName").value
        fields.lastName = text(object, "lastName", "/lastName").value
        fields.email = text(object, "email", "/email").value
        fields.phone = text(object, "phone", "/phone").value
        fields.birthday = birthday(object).value
        if let address = reader.object(object, "address", pointer: "/address") {
            fields.address = PostalAddress(
                street: text(address, "street", "/address/street").value,
                street2: text(address, "street2", "/address/street2").value,
                city: text(address, "city", "/address/city").value,
                province: text(address, "province", "/address/province").value,
                postalCode: text(address, "postalCode", "/address/postalCode").value,
                country: text(address, "country", "/address/country").value)
        }
        return fields
    }

    /// A partial update: absent keeps, null clears, a value replaces.
    mutating func changes(_ body: JSONValue) -> ContactChanges {
        var changes = ContactChanges()
        guard let object = object(body) else { return changes }
        changes.firstName = text(object, "firstName", "/firstName").change
        changes.lastName = text(object, "lastName", "/lastName").change
        changes.email = text(object, "email", "/email").change
        changes.phone = text(object, "phone", "/phone").change
        changes.birthday = birthday(object).change
        switch object["address"] {
        case nil:
            break
        case .null?:
            (changes.street, changes.street2, changes.city) = (.clear, .clear, .clear)
            (changes.province, changes.postalCode, changes.country) = (.clear, .clear, .clear)
        default:
            if let address = reader.object(object, "address", pointer: "/address") {
                changes.street = text(address, "street", "/address/street").change
                changes.street2 = text(address, "street2", "/address/street2").change
                changes.city = text(address, "city", "/address/city").change
                changes.province = text(address, "province", "/address/province").change
                changes.postalCode = text(address, "postalCode", "/address/postalCode").change
                changes.country = text(address, "country", "/address/country").change
            }
        }
        return changes
    }

    private mutating func text(_ object: [String: JSONValue], _ key: String, _ pointer: String) -> Converted<String> {
        Converted(reader.string(object, key, pointer: pointer, maxLength: Self.maxLengths[key] ?? 100))
    }

    private mutating func birthday(_ object: [String: JSONValue]) -> Converted<CalendarDate> {
        switch reader.date(object, "birthday", pointer: "/birthday") {
        case .absent: return Converted(.absent)
        case .null: return Converted(.null)
        case .invalid: return Converted(.invalid)
        case .value(let parts):
            guard let date = CalendarDate(year: parts.year, month: parts.month, day: parts.day) else {
                reader.record(FieldErrorViewModel(pointer: "/birthday", code: "invalid_format", detail: messages.text(.invalidDate)))
                return Converted(.invalid)
            }
            return Converted(.value(date))
        }
    }
}

/// A read field seen as a create value or as a PATCH change.
struct Converted<Value: Equatable & Sendable> {
    let presence: FieldReader.Presence<Value>

    init(_ presence: FieldReader.Presence<Value>) { self.presence = presence }

    var value: Value? {
        if case .value(let value) = presence { return value }
        return nil
    }

    var change: ContactChanges.Change<Value> {
        switch presence {
        case .absent, .invalid: .keep
        case .null: .clear
        case .value(let value): .set(value)
        }
    }
}
