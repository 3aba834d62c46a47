/// The contact view models write themselves: they are on every contacts response.
extension ContactViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.field("id", id)
        output.field("firstName", firstName)
        output.field("lastName", lastName)
        output.field("contactName", contactName)
        output.field("email", email)
        output.field("phone", phone)
        output.field("birthday", birthday)
        output.key("address")
        output.beginObject()
        output.field("street", address.street)
        output.field("street2", address.street2)
        output.field("city", address.city)
        output.field("province", address.province)
        output.field("postalCode", address.postalCode)
        output.field("country", address.country)
        output.endObject()
        output.field("createdAt", createdAt)
        output.field("updatedAt", updatedAt)
        output.endObject()
    }
}

extension ContactListViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.key("items")
        output.beginArray()
        for item in items {
            output.beginObject()
            output.field("id", item.id)
            output.field("contactName", item.contactName)
            output.field("phone", item.phone)
            output.endObject()
        }
        output.endArray()
        output.field("nextCursor", nextCursor)
        if let message { output.field("message", message) }
        output.endObject()
    }
}
