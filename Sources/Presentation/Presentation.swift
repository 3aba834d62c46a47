/// Presenters: input conversion and PresentationModel → ViewModel formatting.
public enum Presentation {}
