extension GroupCommitQueue {
    /// Something that happened to one caller of a group commit.
    enum Event: Equatable {
        /// The caller queued its write.
        case submitted(Write)
        /// The caller, told to `.wait`, was woken.
        case woken(Write)
        /// The lead's wait for company ended, woken or timed out: it is the same to the queue.
        case companyWaitEnded
        /// The lead ran its group to the end (commit or failure, recorded in each write).
        case groupRan
    }
}
