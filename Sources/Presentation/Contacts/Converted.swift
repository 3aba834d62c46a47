import Domain

/// A read field seen as a create value or as a PATCH change.
struct Converted<Value: Equatable & Sendable> {
    let presence: FieldReader.Presence<Value>

    init(_ presence: FieldReader.Presence<Value>) { self.presence = presence }

    var value: Value? {
        if case .value(let value) = presence { return value }
        return nil
    }

    var change: ContactChanges.Change<Value> {
        switch presence {
        case .absent, .invalid: .keep
        case .null: .clear
        case .value(let value): .set(value)
        }
    }
}
