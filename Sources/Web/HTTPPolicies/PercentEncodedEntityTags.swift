import HTTPServer

/// `If-Match` and `If-None-Match` values sent percent-encoded (`%221%22` for `"1"`, `%2A` for `*`),
/// as swift-openapi-runtime sends every header value: a field line that is not an entity-tag list
/// but whose percent-decoded form is one is taken as that form. Done once, before routing, so every
/// route that honours either field accepts what a stock generated client sends; anything else is
/// left as it came and fails as it did (400 `invalid_if_match`, or an ignored `If-None-Match`).
enum PercentEncodedEntityTags {
    static let fieldNames = ["If-Match", "If-None-Match"]

    /// Replaces each percent-encoded entity-tag field line of `request` by its decoded form.
    static func decode(_ request: inout HTTPRequest) {
        guard fieldNames.contains(where: { request.headers.contains($0) }) else { return }
        var changed = false
        var headers = HTTPHeaders()
        for field in request.headers {
            var value = field.value
            if fieldNames.contains(where: { HTTPHeaders.namesEqual($0, field.name) }) {
                value = decoded(field.value)
                changed = changed || value != field.value
            }
            headers.add(name: field.name, value: value)
        }
        if changed { request.headers = headers }
    }

    /// `value`, or its percent-decoded form when only that is `*` or a list of entity tags. A
    /// valid value is never decoded: `"a%22b"` is an entity tag of its own.
    static func decoded(_ value: String) -> String {
        guard value.contains("%"), !isEntityTagList(value), let decoded = PercentDecoding.decode(value), isEntityTagList(decoded)
        else { return value }
        return decoded
    }

    /// `*` or `1#entity-tag` (RFC 9110 §13.1.1), with the tolerance `If-None-Match` parsing has.
    static func isEntityTagList(_ value: String) -> Bool {
        EntityTagCondition.ifNoneMatch([value]) != nil
    }
}
