import HTTPServer

/// Answers the operational routes; they have no VIP stack, only a Responder each.
struct OperationalRouter {
    func respond(to route: OperationalRoute, _ context: RequestContext, _ dependencies: Dependencies) -> HTTPResponse {
        switch route {
        case .health: HealthResponder.respond()
        case .healthReady: ReadinessResponder.respond(gateway: dependencies.gateway, context: context)
        case .openAPI: OpenAPIResponder.respond()
        }
    }
}
