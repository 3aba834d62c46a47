import HTTPServer

/// `GET /openapi.json`: the OpenAPI 3.1 document kept in `OpenAPI/openapi.json`, compiled in.
public enum OpenAPIResponder {
    /// The document's bytes.
    public static let document: [UInt8] = PackageResources.openapi_json

    static func respond() -> HTTPResponse {
        HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: document)
    }
}
