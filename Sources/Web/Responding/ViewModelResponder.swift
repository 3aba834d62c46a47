import HTTPServer
import Presentation

/// The Responder of every scene with one success outcome: it renders the ViewModel with the
/// status and headers its Connector chose (`200`, or `201` with `Location`, an `ETag`, …).
final class ViewModelResponder<ViewModel>: SceneResponder, ViewModelPresenterOutput {
    private let render: (ViewModel) -> HTTPResponse

    /// A Responder that answers success with `render(viewModel)`; `render` picks the body's
    /// encoding at the call site, where the ViewModel's type is known.
    init(context: RequestContext, render: @escaping (ViewModel) -> HTTPResponse) {
        self.render = render
        super.init(context: context)
    }

    func show(_ viewModel: ViewModel) {
        response = render(viewModel)
    }
}
