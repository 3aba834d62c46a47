import Domain

/// The words people read for each order status, in their language.
enum OrderStatusLabels {
    static func label(_ status: OrderStatus, messages: Messages) -> String {
        switch status {
        case .placed: messages.text(.orderPlaced)
        case .cancelled: messages.text(.orderCancelled)
        }
    }
}
