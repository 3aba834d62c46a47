/// What the Responder of the flow's last screen must be able to show: what sending money can.
public protocol TransferDraftSubmitPresenterOutput: TransferCreatePresenterOutput {}
