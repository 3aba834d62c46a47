/// The application's business rules: entities, use cases, transformers, gateway protocols.
public enum Domain {}
