import Domain

/// A postal address as the lines written on an envelope: street lines, then the city, province
/// and postal code in the order the address's country writes them, then the country as typed.
///
/// Countries disagree only about the city line, so that is all this decides:
/// - Canada, the United States, Australia: `Toronto ON M5V 2T6` on one line;
/// - the United Kingdom: the town, the county, then the postcode on a line of its own;
/// - elsewhere (France, most of Europe): `75001 Paris`, the province on a line of its own.
///
/// The country is free text, so it is recognized by its ISO code or its name in English or
/// French; a country not listed gets the postal code first, as most countries write it. An
/// address without a country follows the client's language instead (en the North American order,
/// fr the French one): a guess at where its readers mostly send mail. The parts themselves are the
/// user's words and are never translated.
public enum AddressLines {
    private enum Layout {
        case cityProvincePostalCode
        case postalCodeOnItsOwnLine
        case postalCodeCity
    }

    private static let cityFirst: Set<String> = [
        "ca", "can", "canada",
        "us", "usa", "united states", "united states of america", "america", "états-unis", "etats-unis",
        "états-unis d'amérique", "etats-unis d'amerique",
        "au", "aus", "australia", "australie",
    ]

    private static let postcodeLine: Set<String> = [
        "gb", "gbr", "uk", "united kingdom", "great britain", "britain", "england", "scotland", "wales", "northern ireland",
        "royaume-uni", "grande-bretagne", "angleterre", "écosse", "ecosse", "pays de galles", "irlande du nord",
    ]

    /// The address's lines, without blank ones; empty when no part is given. Written without
    /// intermediate arrays: every contact read makes these lines.
    public static func lines(_ address: PostalAddress, language: Language) -> [String] {
        let city = present(address.city), province = present(address.province), postalCode = present(address.postalCode)
        let country = present(address.country)
        var lines: [String] = []
        lines.reserveCapacity(6)
        if let street = present(address.street) { lines.append(street) }
        if let street2 = present(address.street2) { lines.append(street2) }
        switch layout(country: country, language: language) {
        case .cityProvincePostalCode:
            if let line = joined(city, province, postalCode) { lines.append(line) }
        case .postalCodeOnItsOwnLine:
            if let city { lines.append(city) }
            if let province { lines.append(province) }
            if let postalCode { lines.append(postalCode) }
        case .postalCodeCity:
            if let line = joined(postalCode, city, nil) { lines.append(line) }
            if let province { lines.append(province) }
        }
        if let country { lines.append(country) }
        return lines
    }

    private static func layout(country: String?, language: Language) -> Layout {
        if let country {
            // `U.S.A.`, ` Canada ` and `CANADA` are the same country.
            var key = country.lowercased()
            if key.utf8.contains(UInt8(ascii: ".")) { key.removeAll { $0 == "." } }
            if cityFirst.contains(key) { return .cityProvincePostalCode }
            if postcodeLine.contains(key) { return .postalCodeOnItsOwnLine }
            return .postalCodeCity
        }
        switch language {
        case .en: return .cityProvincePostalCode
        case .fr: return .postalCodeCity
        }
    }

    /// The part, trimmed as request fields are (`trimmingWhitespace`, which needs no property
    /// lookup: a lookup per end of each part cost a contact read about 8,000 instructions); nil
    /// when it is absent or blank. A part with nothing to trim is returned as is.
    private static func present(_ part: String?) -> String? {
        guard let trimmed = part?.trimmingWhitespace(), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// The given parts on one line, a space between each; nil when none is given.
    private static func joined(_ first: String?, _ second: String?, _ third: String?) -> String? {
        // No array of the three: its allocation was most of this function's cost.
        var line = ""
        func append(_ part: String?) {
            guard let part else { return }
            if !line.isEmpty { line.append(" ") }
            line.append(part)
        }
        append(first)
        append(second)
        append(third)
        return line.isEmpty ? nil : line
    }
}
