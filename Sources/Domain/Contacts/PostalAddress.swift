import Foundation

/// A postal address; every part optional.
public struct PostalAddress: Equatable, Sendable {
    public var street: String?
    public var street2: String?
    public var city: String?
    public var province: String?
    public var postalCode: String?
    public var country: String?

    public init(street: String? = nil, street2: String? = nil, city: String? = nil, province: String? = nil, postalCode: String? = nil, country: String? = nil) {
        self.street = street
        self.street2 = street2
        self.city = city
        self.province = province
        self.postalCode = postalCode
        self.country = country
    }
}
