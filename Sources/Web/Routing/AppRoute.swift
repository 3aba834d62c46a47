/// Every route of the API, split by who may call it: the type of a route says whether its
/// scene gets a signed-in user, so no scene has to check.
public enum AppRoute: Equatable, Sendable {
    case open(OpenRoute)
    case signedIn(SignedInRoute)

    /// Every endpoint the server serves: the router table, the `Allow` lists and the OpenAPI
    /// check all come from here.
    static let endpoints: [Endpoint<AppRoute>] =
        OpenRoute.endpoints.wrapped(AppRoute.open) + SignedInRoute.endpoints.wrapped(AppRoute.signedIn)

    /// The path of the resource the route acts on.
    public var path: String {
        switch self {
        case .open(let route): route.path
        case .signedIn(let route): route.path
        }
    }
}
