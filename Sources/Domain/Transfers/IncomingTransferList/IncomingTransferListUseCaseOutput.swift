/// What listing incoming money can lead to.
public protocol IncomingTransferListUseCaseOutput: StorageFailureOutput {
    /// One page; `next` resumes after it, nil on the last page.
    func presentIncoming(_ transfers: [IncomingTransferPresentationModel], next: TransferCursor?)
    /// The signed-in user has not verified their address: no money sent to it is theirs yet.
    func presentEmailNotVerified()
}
