/// Error outcomes every scene can have: bad input formats (400) and storage trouble (503/500).
public protocol ProblemPresenterOutput {
    func showMalformedInput(_ problem: ProblemViewModel)
    func showStorageUnavailable(_ problem: ProblemViewModel)
    func showStorageFailure(_ problem: ProblemViewModel)
}
