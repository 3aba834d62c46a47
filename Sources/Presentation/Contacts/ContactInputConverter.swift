import Domain

/// Turns a contact's JSON body into Domain values, with every format error at once.
struct ContactInputConverter {
    var reader: FieldReader
    let messages: Messages

    init(messages: Messages) {
        self.messages = messages
        reader = FieldReader(messages: messages)
    }

    var errors: [FieldErrorViewModel] { reader.errors }

    /// All fields for a new contact.
    mutating func fields(_ body: JSONValue) -> ContactFields { read(body).fields }

    /// A partial update.
    mutating func changes(_ body: JSONValue) -> ContactChanges { read(body).changes }

    /// Reads every field of `ContactInputField.all` and the birthday, recording format errors.
    mutating func read(_ body: JSONValue) -> ContactInput {
        var input = ContactInput()
        guard case .object(let object) = body else {
            reader.record(FieldErrorViewModel(pointer: "", code: .invalidType, detail: messages.text(.mustBeObject)))
            return input
        }
        for field in ContactInputField.all where !field.inAddress {
            input.texts.append((field, reader.string(object, field.key, pointer: field.pointer, maxLength: field.maxLength)))
        }
        input.birthday = birthday(object)
        input.addressIsNull = object["address"] == .null
        let address = reader.object(object, "address", pointer: "/address")
        for field in ContactInputField.all where field.inAddress {
            let presence = address.map { reader.string($0, field.key, pointer: field.pointer, maxLength: field.maxLength) } ?? .absent
            input.texts.append((field, presence))
        }
        return input
    }

    private mutating func birthday(_ object: [String: JSONValue]) -> FieldReader.Presence<CalendarDate> {
        switch reader.date(object, "birthday", pointer: "/birthday") {
        case .absent: return .absent
        case .null: return .null
        case .invalid: return .invalid
        case .value(let date): return .value(date)
        }
    }
}
