/// The outcome of a UseCase the scaffold (`Scripts/scaffold/new-scene.py`) wrote and nobody has
/// written yet: its scene answers 501 `not_implemented` until the UseCase does its work.
public protocol NotImplementedOutput {
    /// The UseCase is a placeholder.
    func presentNotImplemented()
}
