import CGtk
import Foundation

/// GTK's save dialog (GtkFileChooserNative: the desktop's own through the portal where there is
/// one, GTK's dialog otherwise), asking where one file goes. It asks once; `answer` gets the chosen
/// path, or nil when the user cancelled. Keep it until it has answered.
@MainActor
public final class SaveFileChooser: Object {
    public override class var gType: GType { gtk_file_chooser_native_get_type() }

    /// `name`: the name offered; `folder`: where the dialog opens.
    public convenience init(title: String, name: String, folder: String, transientFor parent: Widget?) {
        let parentWindow = parent.flatMap { gtk_widget_get_root($0.widget) }.flatMap { root -> UnsafeMutablePointer<GtkWindow>? in
            skiff_is_a(UnsafeMutableRawPointer(root), gtk_window_get_type()) != 0 ? UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWindow.self) : nil
        }
        self.init(adopting: UnsafeMutableRawPointer(gtk_file_chooser_native_new(title, parentWindow, GTK_FILE_CHOOSER_ACTION_SAVE, "_Save", "_Cancel")))
        let chooser = OpaquePointer(raw)
        gtk_native_dialog_set_modal(raw.assumingMemoryBound(to: GtkNativeDialog.self), 1)
        let directory = g_file_new_for_path(folder)
        _ = gtk_file_chooser_set_current_folder(chooser, directory, nil)
        g_object_unref(UnsafeMutableRawPointer(directory))
        gtk_file_chooser_set_current_name(chooser, name)
    }

    /// Shows the dialog; `answer` is called once, with the chosen file's path or nil.
    public func ask(_ answer: @escaping @MainActor (String?) -> Void) {
        let chooser = OpaquePointer(raw)
        onInt("response") { response in
            var path: String?
            if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser) {
                path = g_file_get_path(file).map { pointer in
                    defer { g_free(pointer) }
                    return String(cString: pointer)
                }
                g_object_unref(UnsafeMutableRawPointer(file))
            }
            answer(path)
        }
        gtk_native_dialog_show(raw.assumingMemoryBound(to: GtkNativeDialog.self))
    }
}
