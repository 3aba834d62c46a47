import HTTPServer
import Logging
import Web

/// The composition root: builds the whole server from one configuration.
public enum Application {
    /// A server wired to the application's router and error responder, not yet started.
    public static func makeServer(configuration: AppConfiguration, logger: Logger) -> HTTPServer {
        let router = AppRouter()
        return HTTPServer(
            configuration: configuration.server, logger: logger,
            errorResponder: ServerErrorResponder.respond,
            handler: { request in router.respond(to: request) })
    }
}
