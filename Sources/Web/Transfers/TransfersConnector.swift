import Domain
import HTTPServer
import Presentation

/// Assembles each transfers scene's stack (Responder, Presenter, UseCase or the flow) for one
/// request and runs its event; the POSTs that move money run inside `IdempotentExecution`.
struct TransfersConnector {
    let dependencies: Dependencies
    let context: RequestContext
    let user: AuthenticatedUser

    private var gateway: any EntityGateway { dependencies.gateway }

    /// The "send money" flow for this user: it loads the draft and injects it into each step.
    private var flow: TransferFlow {
        TransferFlow(
            drafts: gateway.transferDrafts, transfers: gateway.transfers, accounts: gateway.accounts, contacts: gateway.contacts,
            users: gateway.users, policy: dependencies.transferPolicy, owner: user.id, clock: dependencies.clock, ids: dependencies.ids,
            language: context.messages.language.rawValue)
    }

    func list(limit: String?, cursor: String?) -> HTTPResponse {
        let responder = ViewModelResponder<TransferListViewModel>(context: context) { JSONBody.response(.ok, $0) }
        TransferListPresenter(useCase: TransferListUseCase(transfers: gateway.transfers, owner: user.id), output: responder, messages: context.messages)
            .eventList(limit: limit, cursor: cursor)
        return responder.response
    }

    func create(_ request: HTTPRequest) -> HTTPResponse {
        IdempotentExecution(dependencies: dependencies, context: context, user: user).respondStoringKey(to: request) { idempotency in
            JSONRequestBody.respond(to: request, context: context) { body in
                let responder = ViewModelResponder<TransferViewModel>(context: context, render: Self.created)
                let useCase = TransferCreateUseCase(
                    transfers: gateway.transfers, accounts: gateway.accounts, contacts: gateway.contacts, users: gateway.users,
                    policy: dependencies.transferPolicy, owner: user.id, clock: dependencies.clock, ids: dependencies.ids,
                    language: context.messages.language.rawValue, idempotency: idempotency)
                TransferCreatePresenter(useCase: useCase, output: responder, messages: context.messages).eventCreate(body: body)
                return responder.response
            }
        } resume: { transfer in
            // The transfer the first run made, as it is now (a pending one may have been claimed
            // since), answered as created.
            let responder = ViewModelResponder<TransferViewModel>(context: context, render: Self.created)
            TransferShowPresenter(useCase: TransferShowUseCase(transfers: gateway.transfers, owner: user.id), output: responder, messages: context.messages)
                .eventShow(id: transfer.rawValue)
            return responder.response
        }
    }

    /// A transfer just made: 201 with its address.
    private static func created(_ transfer: TransferViewModel) -> HTTPResponse {
        JSONBody.response(.created, transfer, headers: ["Location": TransfersRoute.show(id: transfer.id).path])
    }

    func show(id: String) -> HTTPResponse {
        let responder = ViewModelResponder<TransferViewModel>(context: context) { JSONBody.response(.ok, $0) }
        TransferShowPresenter(useCase: TransferShowUseCase(transfers: gateway.transfers, owner: user.id), output: responder, messages: context.messages)
            .eventShow(id: id)
        return responder.response
    }

    /// No body is read: the id says everything.
    func cancel(id: String, _ request: HTTPRequest) -> HTTPResponse {
        IdempotentExecution(dependencies: dependencies, context: context, user: user).respond(to: request) {
            let responder = ViewModelResponder<TransferViewModel>(context: context) { JSONBody.response(.ok, $0) }
            TransferCancelPresenter(
                useCase: TransferCancelUseCase(transfers: gateway.transfers, owner: user.id, clock: dependencies.clock), output: responder,
                messages: context.messages
            ).eventCancel(id: id)
            return responder.response
        }
    }

    func incoming(limit: String?, cursor: String?) -> HTTPResponse {
        let responder = ViewModelResponder<IncomingTransferListViewModel>(context: context) { JSONBody.response(.ok, $0) }
        IncomingTransferListPresenter(
            useCase: IncomingTransferListUseCase(transfers: gateway.transfers, users: gateway.users, owner: user.id), output: responder,
            messages: context.messages
        ).eventList(limit: limit, cursor: cursor)
        return responder.response
    }

    func claim(id: String, _ request: HTTPRequest) -> HTTPResponse {
        IdempotentExecution(dependencies: dependencies, context: context, user: user).respond(to: request) {
            JSONRequestBody.respond(to: request, context: context) { body in
                let responder = ViewModelResponder<IncomingTransferViewModel>(context: context) { JSONBody.response(.ok, $0) }
                let useCase = TransferClaimUseCase(
                    transfers: gateway.transfers, accounts: gateway.accounts, users: gateway.users, owner: user.id, clock: dependencies.clock,
                    ids: dependencies.ids)
                TransferClaimPresenter(useCase: useCase, output: responder, messages: context.messages).eventClaim(id: id, body: body)
                return responder.response
            }
        }
    }

    /// No body is read: the id says everything.
    func decline(id: String, _ request: HTTPRequest) -> HTTPResponse {
        IdempotentExecution(dependencies: dependencies, context: context, user: user).respond(to: request) {
            let responder = ViewModelResponder<IncomingTransferViewModel>(context: context) { JSONBody.response(.ok, $0) }
            TransferDeclinePresenter(
                useCase: TransferDeclineUseCase(transfers: gateway.transfers, users: gateway.users, owner: user.id, clock: dependencies.clock),
                output: responder, messages: context.messages
            ).eventDecline(id: id)
            return responder.response
        }
    }

    func createDraft(_ request: HTTPRequest) -> HTTPResponse {
        JSONRequestBody.respond(to: request, context: context) { body in
            let responder = ViewModelResponder<TransferDraftViewModel>(context: context) { JSONBody.response(.created, $0, headers: ["Location": TransfersRoute.showDraft(id: $0.id).path, "ETag": $0.etag]) }
            TransferDraftCreatePresenter(flow: flow, output: responder, messages: context.messages).eventCreate(body: body)
            return responder.response
        }
    }

    func showDraft(id: String) -> HTTPResponse {
        let responder = ViewModelResponder<TransferDraftViewModel>(context: context) { JSONBody.response(.ok, $0, headers: ["ETag": $0.etag]) }
        TransferDraftShowPresenter(flow: flow, output: responder, messages: context.messages).eventShow(id: id)
        return responder.response
    }

    func updateDraft(id: String, _ request: HTTPRequest) -> HTTPResponse {
        JSONRequestBody.respond(to: request, context: context) { body in
            let responder = TransferDraftUpdateResponder(context: context)
            TransferDraftUpdatePresenter(flow: flow, output: responder, messages: context.messages).eventUpdate(id: id, body: body)
            return responder.response
        }
    }

    func deleteDraft(id: String) -> HTTPResponse {
        let responder = NoContentResponder(context: context)
        TransferDraftDeletePresenter(flow: flow, output: responder, messages: context.messages).eventDelete(id: id)
        return responder.response
    }

    /// No body is read: the draft holds everything.
    func submitDraft(id: String, _ request: HTTPRequest) -> HTTPResponse {
        IdempotentExecution(dependencies: dependencies, context: context, user: user).respond(to: request) {
            let responder = ViewModelResponder<TransferViewModel>(context: context, render: Self.created)
            TransferDraftSubmitPresenter(flow: flow, output: responder, messages: context.messages).eventSubmit(id: id)
            return responder.response
        }
    }
}
