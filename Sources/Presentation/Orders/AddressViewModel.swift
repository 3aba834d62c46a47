import Domain

/// A postal address on the wire; absent parts are written as `null`.
public struct AddressViewModel: Equatable, Sendable {
    public let street: String?
    public let street2: String?
    public let city: String?
    public let province: String?
    public let postalCode: String?
    public let country: String?

    public init(_ address: PostalAddress) {
        street = address.street
        street2 = address.street2
        city = address.city
        province = address.province
        postalCode = address.postalCode
        country = address.country
    }
}

extension AddressViewModel: JSONWritable {
    public func write(to output: inout JSONOutput) {
        output.beginObject()
        output.field("street", street)
        output.field("street2", street2)
        output.field("city", city)
        output.field("province", province)
        output.field("postalCode", postalCode)
        output.field("country", country)
        output.endObject()
    }
}
