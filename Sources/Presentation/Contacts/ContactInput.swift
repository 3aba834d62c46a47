import Domain

/// A contact's body read once: each field absent, null, invalid or a value. A new contact and
/// a PATCH change are two views of it.
struct ContactInput {
    var texts: [(field: ContactInputField, presence: FieldReader.Presence<String>)] = []
    var birthday: FieldReader.Presence<CalendarDate> = .absent
    /// `"address": null`: in a PATCH, every address field is cleared.
    var addressIsNull = false

    /// All fields for a new contact; absent and null both mean "no value".
    var fields: ContactFields {
        var fields = ContactFields()
        for (field, presence) in texts { fields[keyPath: field.value] = Converted(presence).value }
        fields.birthday = Converted(birthday).value
        return fields
    }

    /// A partial update: absent keeps, null clears, a value replaces.
    var changes: ContactChanges {
        var changes = ContactChanges()
        for (field, presence) in texts {
            changes[keyPath: field.change] = addressIsNull && field.inAddress ? .clear : Converted(presence).change
        }
        changes.birthday = Converted(birthday).change
        return changes
    }
}
