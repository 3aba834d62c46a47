import Foundation
import Presentation
import Testing
@testable import Web

/// The embedded `/openapi.json` as a code generator reads it (Apple's swift-openapi-generator among
/// them): every answer of every operation decodes as a typed case, every constant and header has a
/// plain type, request bodies are plain named objects, and nothing is required without a definition.
/// Each rule walks the whole document, so operations added later are held to it too.
@Suite("OpenAPI document for generated clients")
struct OpenAPIGeneratedClientTests {
    /// Every operation key an OpenAPI 3.1 path item may hold.
    static let operationKeys: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options", "trace"]
    /// Keywords whose schemas a generator turns into `value1`, `value2`… containers.
    static let combinators = ["allOf", "anyOf", "oneOf", "not"]

    /// The document, or a recorded failure.
    func loadDocument() throws -> [String: JSONValue] {
        guard case .object(let document) = try JSONParser.parse(Array(OpenAPIResponder.document)) else {
            Issue.record("the document is not a JSON object")
            return [:]
        }
        return document
    }

    /// Every operation as `GET /path` with its object.
    func operations(_ document: [String: JSONValue]) -> [(name: String, operation: [String: JSONValue])] {
        guard case .object(let paths)? = document["paths"] else { return [] }
        var operations: [(name: String, operation: [String: JSONValue])] = []
        for (path, item) in paths.sorted(by: { $0.key < $1.key }) {
            guard case .object(let item) = item else { continue }
            for (key, operation) in item.sorted(by: { $0.key < $1.key }) where Self.operationKeys.contains(key) {
                if case .object(let operation) = operation { operations.append(("\(key.uppercased()) \(path)", operation)) }
            }
        }
        return operations
    }

    /// The object `value` is, following local `$ref`s (RFC 6901 escapes); nil when one dangles.
    static func resolved(_ value: JSONValue?, in document: [String: JSONValue]) -> [String: JSONValue]? {
        var current = value
        for _ in 0..<16 {
            guard case .object(let object)? = current else { return nil }
            guard case .string(let reference)? = object["$ref"] else { return object }
            guard reference.hasPrefix("#/") else { return nil }
            var node: JSONValue? = .object(document)
            for token in reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
                let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
                guard case .object(let parent)? = node else { return nil }
                node = parent[key]
            }
            current = node
        }
        return nil
    }

    /// Every object in `value` with its JSON Pointer, skipping example values (data, not schemas).
    static func objects(in value: JSONValue, at pointer: String = "#", _ visit: (String, [String: JSONValue]) -> Void) {
        switch value {
        case .object(let object):
            visit(pointer, object)
            for (key, child) in object where key != "examples" && key != "example" {
                objects(in: child, at: "\(pointer)/\(key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1"))", visit)
            }
        case .array(let array):
            for (index, child) in array.enumerated() { objects(in: child, at: "\(pointer)/\(index)", visit) }
        default:
            break
        }
    }

    /// The type names a schema's `type` allows (`"string"` or `["string", "null"]`).
    static func types(_ schema: [String: JSONValue]) -> [String] {
        switch schema["type"] {
        case .string(let type)?: [type]
        case .array(let types)?: types.compactMap { if case .string(let type) = $0 { type } else { nil } }
        default: []
        }
    }

    /// Whether `value` is an instance of the JSON Schema type `type`.
    static func value(_ value: JSONValue, isA type: String) -> Bool {
        switch (value, type) {
        case (.null, "null"), (.bool, "boolean"), (.string, "string"), (.array, "array"), (.object, "object"), (.number, "number"):
            true
        case (.number(let literal), "integer"):
            !literal.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
        default:
            false
        }
    }

    @Test("every operation documents a default application/problem+json response, so no status is undocumented")
    func defaultProblemResponse() throws {
        let document = try loadDocument()
        let operations = operations(document)
        var missing: [String] = []
        for (name, operation) in operations {
            guard case .object(let responses)? = operation["responses"],
                let response = Self.resolved(responses["default"], in: document),
                case .object(let content)? = response["content"],
                case .object(let problem)? = content["application/problem+json"],
                Self.resolved(problem["schema"], in: document) == Self.resolved(.object(["$ref": .string("#/components/schemas/Problem")]), in: document),
                case .object(let headers)? = response["headers"], headers["X-Request-ID"] != nil
            else {
                missing.append(name)
                continue
            }
        }
        #expect(!operations.isEmpty, "the document has no operations")
        #expect(missing.isEmpty, "operations without a default problem response carrying X-Request-ID: \(missing.joined(separator: ", "))")
    }

    @Test("every const and enum states a type its values have")
    func typedConstants() throws {
        var untyped: [String] = []
        var mistyped: [String] = []
        Self.objects(in: .object(try loadDocument())) { pointer, schema in
            var values: [JSONValue] = []
            if let constant = schema["const"] { values.append(constant) }
            if case .array(let members)? = schema["enum"] { values += members }
            guard schema["const"] != nil || schema["enum"] != nil else { return }
            let types = Self.types(schema)
            if types.isEmpty {
                untyped.append(pointer)
            } else if !values.allSatisfy({ value in types.contains { Self.value(value, isA: $0) } }) {
                mistyped.append(pointer)
            }
        }
        #expect(untyped.isEmpty, "const or enum without a type: \(untyped.sorted().joined(separator: ", "))")
        #expect(mistyped.isEmpty, "const or enum values outside their type: \(mistyped.sorted().joined(separator: ", "))")
    }

    @Test("every request body is a named plain object schema, with no allOf, anyOf, oneOf or not anywhere in it")
    func plainRequestBodies() throws {
        let document = try loadDocument()
        var problems: [String] = []
        for (name, operation) in operations(document) {
            guard let body = Self.resolved(operation["requestBody"], in: document) else { continue }
            guard case .object(let content)? = body["content"] else {
                problems.append("\(name): a request body without content")
                continue
            }
            for (mediaType, media) in content {
                guard case .object(let media) = media, case .object(let schema)? = media["schema"],
                    case .string(let reference)? = schema["$ref"], reference.hasPrefix("#/components/schemas/"), schema.count == 1
                else {
                    problems.append("\(name) \(mediaType): the schema is not a reference to a named schema")
                    continue
                }
                guard let named = Self.resolved(.object(schema), in: document), Self.types(named).contains("object") else {
                    problems.append("\(name) \(mediaType): \(reference) is not an object schema")
                    continue
                }
                // Every schema the body reaches, through references too.
                var pending = [reference]
                var seen: Set<String> = []
                while let next = pending.popLast() {
                    guard seen.insert(next).inserted, let target = Self.resolved(.object(["$ref": .string(next)]), in: document) else { continue }
                    Self.objects(in: .object(target), at: next) { pointer, object in
                        for keyword in Self.combinators where object[keyword] != nil {
                            problems.append("\(name): \(keyword) at \(pointer)")
                        }
                        if case .string(let nested)? = object["$ref"] { pending.append(nested) }
                    }
                }
            }
        }
        #expect(problems.isEmpty, "request bodies a generator cannot map to one plain type: \(problems.sorted().joined(separator: "; "))")
    }

    @Test("the contact create body has exactly the fields of the contact update body")
    func contactCreateMatchesUpdate() throws {
        guard case .object(let components)? = try loadDocument()["components"], case .object(let schemas)? = components["schemas"],
            case .object(let create)? = schemas["ContactCreateInput"], case .object(let update)? = schemas["ContactInput"]
        else {
            Issue.record("ContactCreateInput or ContactInput is missing")
            return
        }
        #expect(create["properties"] == update["properties"])
        guard case .string(let rule)? = create["description"] else {
            Issue.record("ContactCreateInput has no description")
            return
        }
        // The either-name rule lives in prose now that no schema combinator states it.
        #expect(rule.contains("firstName") && rule.contains("lastName") && rule.contains("422"))
    }

    @Test("every response header is a plain string, neither const nor enum, so a new value still decodes")
    func plainStringHeaders() throws {
        let document = try loadDocument()
        var headers: [(String, JSONValue)] = []
        if case .object(let components)? = document["components"], case .object(let shared)? = components["headers"] {
            headers += shared.map { ("#/components/headers/\($0.key)", $0.value) }
        }
        for (name, operation) in operations(document) {
            guard case .object(let responses)? = operation["responses"] else { continue }
            for (status, response) in responses {
                guard case .object(let fields)? = Self.resolved(response, in: document)?["headers"] else { continue }
                headers += fields.map { ("\(name) \(status) \($0.key)", $0.value) }
            }
        }
        var problems: [String] = []
        for (name, header) in headers {
            guard let header = Self.resolved(header, in: document), let schema = Self.resolved(header["schema"], in: document) else {
                problems.append("\(name): no schema")
                continue
            }
            if Self.types(schema) != ["string"] { problems.append("\(name): type is not string") }
            if schema["const"] != nil || schema["enum"] != nil { problems.append("\(name): const or enum") }
        }
        #expect(!headers.isEmpty, "the document has no response headers")
        #expect(problems.isEmpty, "headers that are not plain strings: \(problems.sorted().joined(separator: "; "))")
    }

    @Test("every required property is defined in the same schema's properties")
    func requiredPropertiesDefined() throws {
        var undefined: [String] = []
        Self.objects(in: .object(try loadDocument())) { pointer, schema in
            // Parameters, headers and request bodies use `required` as a boolean.
            guard case .array(let required)? = schema["required"] else { return }
            let properties: [String: JSONValue]
            if case .object(let defined)? = schema["properties"] { properties = defined } else { properties = [:] }
            for case .string(let name) in required where properties[name] == nil {
                undefined.append("\(pointer) requires \(name)")
            }
        }
        #expect(undefined.isEmpty, "required properties without a definition: \(undefined.sorted().joined(separator: "; "))")
    }

    @Test("the document names a server, so generated clients get a server URL")
    func servers() throws {
        guard case .array(let servers)? = try loadDocument()["servers"], !servers.isEmpty else {
            Issue.record("no servers entry")
            return
        }
        for server in servers {
            guard case .object(let server) = server, case .string(let url)? = server["url"] else {
                Issue.record("a server without a url: \(server)")
                continue
            }
            #expect(!url.isEmpty)
        }
    }

    @Test("every nullable field of a PATCH body says a blank string clears it, which clients that cannot send null can send")
    func patchFieldsClearWithBlank() throws {
        let document = try loadDocument()
        var undocumented: [String] = []
        var patches = 0
        for (name, operation) in operations(document) where name.hasPrefix("PATCH ") {
            guard let body = Self.resolved(operation["requestBody"], in: document), case .object(let content)? = body["content"] else { continue }
            for case .object(let media) in content.values {
                guard let schema = Self.resolved(media["schema"], in: document) else { continue }
                patches += 1
                checkClearing(schema, at: name, in: document, into: &undocumented)
            }
        }
        #expect(patches > 0, "no PATCH operation with a body")
        #expect(undocumented.isEmpty, "nullable PATCH fields that do not say a blank string clears them: \(undocumented.sorted().joined(separator: "; "))")
    }

    /// Records each nullable property of `schema` (nested objects included) whose description,
    /// or its referenced schema's, does not mention blank strings.
    private func checkClearing(_ schema: [String: JSONValue], at path: String, in document: [String: JSONValue], into undocumented: inout [String]) {
        guard case .object(let properties)? = schema["properties"] else { return }
        for (key, property) in properties {
            guard case .object(let local) = property, let target = Self.resolved(property, in: document) else { continue }
            if Self.types(target).contains("null") {
                let descriptions = [local["description"], target["description"]].compactMap { if case .string(let text)? = $0 { text } else { nil } }
                if !descriptions.contains(where: { $0.lowercased().contains("blank") }) { undocumented.append("\(path) /\(key)") }
            }
            checkClearing(target, at: "\(path) /\(key)", in: document, into: &undocumented)
        }
    }
}
