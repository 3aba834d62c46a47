import Domain

/// A transfer's status and its 409s in the client's words, for each side of it.
enum TransferStatusWording {
    /// What the sender reads of their transfer.
    static func sender(_ transfer: TransferPresentationModel, messages: Messages) -> String {
        switch (transfer.status, transfer.cancelledBy) {
        case (.completed, _): messages.text(.transferStatusCompleted)
        case (.pending, _):
            messages.text(.transferStatusPending, [
                "email": transfer.recipientEmail ?? transfer.recipientName,
                "date": transfer.expiresAt.map { DateFormatting.instant($0, language: messages.language) } ?? "",
            ])
        case (.cancelled, .recipient?): messages.text(.transferStatusDeclined)
        case (.cancelled, _): messages.text(.transferStatusCancelled)
        case (.expired, _): messages.text(.transferStatusExpired)
        }
    }

    /// What the recipient reads of money sent to them.
    static func recipient(_ transfer: IncomingTransferPresentationModel, messages: Messages) -> String {
        switch (transfer.status, transfer.cancelledBy) {
        case (.completed, _): messages.text(.incomingStatusCompleted)
        case (.pending, _):
            messages.text(.incomingStatusPending, [
                "sender": transfer.senderName, "date": transfer.expiresAt.map { DateFormatting.instant($0, language: messages.language) } ?? "",
            ])
        case (.cancelled, .recipient?): messages.text(.incomingStatusDeclined)
        case (.cancelled, _): messages.text(.incomingStatusCancelled)
        case (.expired, _): messages.text(.incomingStatusExpired)
        }
    }

    /// 409: the transfer left pending before this request, its code naming how.
    static func alreadyResolved(_ status: TransferStatus, cancelledBy: TransferParty?, messages: Messages) -> ProblemViewModel {
        let (code, detail): (ProblemCode, Messages.Key) = switch (status, cancelledBy) {
        case (.cancelled, .recipient?): (.transferDeclined, .transferAlreadyDeclined)
        case (.cancelled, _): (.transferCancelled, .transferAlreadyCancelled)
        case (.expired, _): (.transferExpired, .transferAlreadyExpired)
        // `pending` is never reported as resolved; worded as completed should a bug do so.
        case (.completed, _), (.pending, _): (.transferCompleted, .transferAlreadyCompleted)
        }
        return ProblemViewModel(code: code, title: messages.text(.conflictTitle), detail: messages.text(detail))
    }

    /// 403: the signed-in user's address is not verified.
    static func emailNotVerified(messages: Messages) -> ProblemViewModel {
        ProblemViewModel(code: .emailNotVerified, title: messages.text(.forbiddenTitle), detail: messages.text(.emailNotVerified))
    }
}
