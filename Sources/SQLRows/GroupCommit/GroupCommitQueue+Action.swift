extension GroupCommitQueue {
    /// What the caller that reported an event must do now.
    enum Action: Equatable {
        /// Nothing: the event was out of turn (a driver that sends one is broken).
        case none
        /// Wake `waking` if there is one (a lead waiting for company, whose group is now full),
        /// then sleep until woken and report `.woken`.
        case wait(waking: Write?)
        /// The caller leads: sleep until woken or until `Duration` has passed, then report
        /// `.companyWaitEnded`.
        case waitForCompany(Duration)
        /// The caller leads: run these writes in one transaction, outside any lock, then report
        /// `.groupRan`.
        case run([Write])
        /// The lead's group is over: wake the other writes of it (`waking`, finished too) and
        /// `nextLead`, handed the lead of the writes queued meanwhile, then return.
        case finishGroup(waking: ArraySlice<Write>, nextLead: Write?)
        /// The caller's write was finished by a lead: return.
        case done
    }
}
