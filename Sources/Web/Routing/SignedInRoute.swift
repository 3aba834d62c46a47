/// Routes that need `Authorization: Bearer …`: their scenes always get the user.
public enum SignedInRoute: Equatable, Sendable {
    case contacts(ContactsRoute)
    case users(UsersRoute.SignedIn)
    case sessions(SessionsRoute.SignedIn)
    case products(ProductsRoute)
    case orders(OrdersRoute)
    case accounts(AccountsRoute)
    case transfers(TransfersRoute)
    case transactions(TransactionsRoute.SignedIn)
    case liveEvents(LiveEventsRoute.SignedIn)

    static let endpoints: [Endpoint<SignedInRoute>] =
        ContactsRoute.endpoints.wrapped(SignedInRoute.contacts)
        + UsersRoute.SignedIn.endpoints.wrapped(SignedInRoute.users)
        + SessionsRoute.SignedIn.endpoints.wrapped(SignedInRoute.sessions)
        + ProductsRoute.endpoints.wrapped(SignedInRoute.products)
        + OrdersRoute.endpoints.wrapped(SignedInRoute.orders)
        + AccountsRoute.endpoints.wrapped(SignedInRoute.accounts)
        + TransfersRoute.endpoints.wrapped(SignedInRoute.transfers)
        + TransactionsRoute.SignedIn.endpoints.wrapped(SignedInRoute.transactions)
        + LiveEventsRoute.SignedIn.endpoints.wrapped(SignedInRoute.liveEvents)

    public var path: String {
        switch self {
        case .contacts(let route): route.path
        case .users(let route): route.path
        case .sessions(let route): route.path
        case .products(let route): route.path
        case .orders(let route): route.path
        case .accounts(let route): route.path
        case .transfers(let route): route.path
        case .transactions(let route): route.path
        case .liveEvents(let route): route.path
        }
    }
}
