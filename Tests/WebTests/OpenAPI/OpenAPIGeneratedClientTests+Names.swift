import Presentation
import Testing
@testable import Web

/// The rules that let a generator name every type itself, and the 304s a client must expect:
/// where a generator has to invent a name (`value1`, `ReportRowType0`) the client's users are left
/// with it, and an undeclared 304 is a response a generated client cannot decode.
extension OpenAPIGeneratedClientTests {
    @Test("no allOf (a property of a named type is a plain $ref: Swift reads `amount`, not `amount.value1`); every oneOf or anyOf branch is a named schema and every nullable object has a title, so no generator numbers them")
    func namedUnionMembers() throws {
        var unnamed: [String] = []
        Self.objects(in: .object(try loadDocument())) { pointer, schema in
            if schema["allOf"] != nil { unnamed.append("\(pointer)/allOf") }
            for keyword in ["oneOf", "anyOf"] {
                guard case .array(let members)? = schema[keyword] else { continue }
                for (index, member) in members.enumerated() {
                    guard case .object(let member) = member, case .string(let reference)? = member["$ref"],
                        reference.hasPrefix("#/components/schemas/")
                    else {
                        unnamed.append("\(pointer)/\(keyword)/\(index)")
                        continue
                    }
                }
            }
            let types = Self.types(schema)
            if types.contains("object"), types.contains("null"), schema["title"] == nil { unnamed.append(pointer) }
        }
        #expect(unnamed.isEmpty, "schemas a generator would have to name: \(unnamed.sorted().joined(separator: ", "))")
    }

    @Test("every named schema is used: a schema nothing refers to is a stale type in every generated client")
    func noUnusedSchemas() throws {
        let document = try loadDocument()
        guard case .object(let components)? = document["components"], case .object(let schemas)? = components["schemas"] else {
            Issue.record("the document has no components.schemas")
            return
        }
        var referenced: Set<String> = []
        Self.objects(in: .object(document)) { _, object in
            if case .string(let reference)? = object["$ref"], reference.hasPrefix("#/components/schemas/") {
                referenced.insert(String(reference.dropFirst("#/components/schemas/".count)))
            }
        }
        let unused = Set(schemas.keys).subtracting(referenced)
        #expect(!schemas.isEmpty)
        #expect(unused.isEmpty, "schemas nothing refers to: \(unused.sorted().joined(separator: ", "))")
    }

    @Test("every GET whose 200 carries an ETag declares If-None-Match and a 304, which the server then answers")
    func conditionalGets() throws {
        let document = try loadDocument()
        let ifNoneMatch = JSONValue.object(["$ref": .string("#/components/parameters/IfNoneMatch")])
        var checked: [String] = []
        var missing: [String] = []
        for (name, operation) in operations(document) where name.hasPrefix("GET ") {
            guard case .object(let responses)? = operation["responses"],
                let ok = Self.resolved(responses["200"], in: document),
                case .object(let headers)? = ok["headers"], headers["ETag"] != nil
            else { continue }
            checked.append(name)
            guard case .array(let parameters)? = operation["parameters"], parameters.contains(ifNoneMatch) else {
                missing.append("\(name): no If-None-Match parameter")
                continue
            }
            if responses["304"] == nil { missing.append("\(name): no 304 response") }
        }
        #expect(Set(checked).isSuperset(of: ["GET /v1/contacts/{id}", "GET /v1/orders/{id}", "GET /v1/transfer-drafts/{id}"]), "\(checked)")
        #expect(missing.isEmpty, "\(missing.joined(separator: "; "))")
    }
}
