import CGtk

/// The desktop's clipboard (the display's, `GdkClipboard`).
@MainActor
public enum Clipboard {
    /// Puts `text` on the clipboard, as Copy does.
    public static func setText(_ text: String) {
        guard let display = gdk_display_get_default() else { return }
        gdk_clipboard_set_text(gdk_display_get_clipboard(display), text)
    }
}
