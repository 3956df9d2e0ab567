import Gtk

/// The field's colours (docs/stars.md, "Palette"). The sky is night whatever the theme: only the
/// menu button and the problem banner follow the light or dark style.
enum Palette {
    static let purple = Color(red: 0.565, green: 0.075, blue: 0.996)
    static let blue = Color(red: 0.094, green: 0.271, blue: 1.0)
    static let background = Color(red: 0.078, green: 0.118, blue: 0.306)
    /// A light tint of the purple, nearly opaque: about 6:1 against the background (the purple at 0.4
    /// was 1.4:1, hard to see; docs/stars.md).
    static let lines = Color(red: 0.776, green: 0.647, blue: 1.0, alpha: 0.85)
    static let marker = Color(red: 1, green: 1, blue: 1, alpha: 0.33)
    static let starlight = Color(red: 0.88, green: 0.92, blue: 1.0)
    static let signName = Color(red: 1, green: 1, blue: 1, alpha: 0.9)
    static let degrees = Color(red: 1, green: 1, blue: 1, alpha: 0.55)
    static let vignetteEdge = Color(red: 0.01, green: 0.02, blue: 0.08, alpha: 0.7)
}
