import Domain

/// The names people read for each shipment speed, in their language.
enum ShipmentLabels {
    static func label(_ speed: ShipmentSpeed, messages: Messages) -> String {
        switch speed {
        case .standard: messages.text(.shipmentStandard)
        case .twoDay: messages.text(.shipmentTwoDay)
        case .oneDay: messages.text(.shipmentOneDay)
        }
    }
}
