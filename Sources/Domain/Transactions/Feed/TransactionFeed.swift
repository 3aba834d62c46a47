import Foundation

/// The card processor's feed format: a JSON array of
/// `{"group": "A"|"P", "date": "YYYY-MM-DD" or RFC 3339, "description": "…", "amount": "3.11", "debit": "D"|"C"}`.
///
/// Converting it is the EntityManager side's job, so the import's Transformer only ever sees
/// typed rows; it lives in the Domain so it can be tested without storage.
public enum TransactionFeed {
    /// The longest description kept, in Unicode code points.
    public static let maximumDescriptionLength = 255

    /// Every row converted for an account in `currency`, or every reason it cannot be.
    public static func parse(_ data: Data, currency: Currency) throws(TransactionFeedError) -> [TransactionFeedRow] {
        let document: Any
        do {
            document = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            // Foundation's own sentence ("Invalid value around character 1."), not the NSError dump.
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
            throw .notJSON(reason)
        }
        guard let array = document as? [Any] else { throw .notArray }
        var rows: [TransactionFeedRow] = []
        rows.reserveCapacity(array.count)
        var failures: [TransactionFeedFailure] = []
        for (index, element) in array.enumerated() {
            guard let object = element as? [String: Any] else {
                failures.append(TransactionFeedFailure(index: index, field: .row, rule: .format))
                continue
            }
            switch row(object, index: index, currency: currency) {
            case .success(let row): rows.append(row)
            case .failure(let rowFailures): failures.append(contentsOf: rowFailures.failures)
            }
        }
        guard failures.isEmpty else { throw .malformedRows(failures) }
        return rows
    }

    /// The failures of one row, as a `Result`'s error.
    private struct RowFailures: Error {
        var failures: [TransactionFeedFailure]
    }

    private static func row(_ object: [String: Any], index: Int, currency: Currency) -> Result<TransactionFeedRow, RowFailures> {
        var failures: [TransactionFeedFailure] = []
        func fail(_ field: TransactionFeedFailure.Field, _ rule: TransactionFeedFailure.Rule) {
            failures.append(TransactionFeedFailure(index: index, field: field, rule: rule))
        }
        /// The field's text; nil (with its failure recorded) when absent, null, empty or not a string.
        func text(_ field: TransactionFeedFailure.Field) -> String? {
            switch object[field.rawValue] {
            case nil, is NSNull:
                fail(field, .missing)
                return nil
            case let value as String:
                guard !value.isEmpty else {
                    fail(field, .missing)
                    return nil
                }
                return value
            default:
                fail(field, .format)
                return nil
            }
        }

        var group: TransactionGroup?
        switch text(.group) {
        case "A": group = .authorized
        case "P": group = .posted
        case nil: break
        default: fail(.group, .format)
        }
        var date: CalendarDate?
        if let value = text(.date) {
            date = CalendarDate(value) ?? CalendarDate.datePart(ofRFC3339: value)
            if date == nil { fail(.date, .format) }
        }
        let description = text(.description)
        if let description, description.unicodeScalars.count > maximumDescriptionLength { fail(.description, .tooLong) }
        var amount: Int64?
        if let value = text(.amount) {
            do {
                amount = try Money.parse(value, currency: currency).minor
            } catch {
                switch error {
                case .format: fail(.amount, .format)
                case .tooManyDecimals(let allowed): fail(.amount, .tooManyDecimals(allowed: allowed))
                case .overflow: fail(.amount, .tooLong)
                }
            }
        }
        var direction: TransactionDirection?
        switch text(.debit) {
        case "D": direction = .debit
        case "C": direction = .credit
        case nil: break
        default: fail(.debit, .format)
        }
        guard failures.isEmpty, let group, let date, let description, let amount, let direction else {
            return .failure(RowFailures(failures: failures))
        }
        return .success(TransactionFeedRow(group: group, date: date, description: description, amount: amount, direction: direction))
    }
}
