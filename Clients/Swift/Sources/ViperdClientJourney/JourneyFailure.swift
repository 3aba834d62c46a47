/// Why a step of the journey failed, in words for the CI log.
struct JourneyFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Fails the step with `message` unless `condition` holds.
func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw JourneyFailure(message()) }
}
