import CGtk
import Foundation
import Gtk

/// GTK's own dialogs in this process (the file dialog where no portal answers), found by title, for
/// tests that type into them: what they wait for before the next key is what a typist sees — the
/// dialog in front, the caret in a field, the field holding what was typed.
@MainActor
public enum InProcessDialog {
    /// Waits until this process's window titled `title` is the active one; with `typing`, also until
    /// a text field in it holds the keyboard focus (where the next key lands). False after `timeout`.
    @discardableResult
    public static func waitUntilActive(_ title: String, typing: Bool = true, timeout: TimeInterval = 10) -> Bool {
        MainLoop.run(until: {
            guard let focus = focus(inWindowTitled: title) else { return false }
            return !typing || focus.text != nil
        }, timeout: timeout)
    }

    /// Waits until the focused text field of the window titled `title` holds `text`.
    @discardableResult
    public static func waitForText(_ text: String, in title: String, timeout: TimeInterval = 5) -> Bool {
        MainLoop.run(until: { focus(inWindowTitled: title)?.text == text }, timeout: timeout)
    }

    /// The active window titled `title`, and the text of its focused field (nil when the focus is
    /// not in one); nil when no such window is active.
    static func focus(inWindowTitled title: String) -> (window: OpaquePointer, text: String?)? {
        guard let toplevels = gtk_window_get_toplevels() else { return nil }
        for index in 0..<g_list_model_get_n_items(toplevels) {
            guard let item = g_list_model_get_item(toplevels, index) else { continue }
            defer { g_object_unref(item) }
            let window = item.assumingMemoryBound(to: GtkWindow.self)
            guard let name = gtk_window_get_title(window), String(cString: name) == title, gtk_window_is_active(window) != 0 else { continue }
            guard let focus = gtk_window_get_focus(window), skiff_is_a(UnsafeMutableRawPointer(focus), gtk_text_get_type()) != 0,
                  let text = gtk_editable_get_text(OpaquePointer(focus)) else { return (OpaquePointer(window), nil) }
            return (OpaquePointer(window), String(cString: text))
        }
        return nil
    }
}
