/// What registering can meet in storage.
public enum RegistrationResult: Equatable, Sendable {
    case registered
    /// Another user already has this (normalized) email.
    case emailTaken
}
