import CGtk
import Foundation

/// GTK's file dialog (GtkFileChooserNative: the desktop's own through the portal where there is
/// one, GTK's dialog otherwise), asking for one file: where a file goes (`save`) or which file to
/// read (`open`). It asks once; `answer` gets the chosen path, or nil when the user cancelled.
/// Keep it until it has answered.
@MainActor
public final class PathChooser: Object {
    public override class var gType: GType { gtk_file_chooser_native_get_type() }

    /// Files the open dialog offers first ("OPML files": `*.opml`, `*.xml`); "All Files" is offered too.
    public struct Filter: Sendable {
        public let name: String
        public let patterns: [String]
        public init(name: String, patterns: [String]) {
            self.name = name
            self.patterns = patterns
        }
    }

    private convenience init(title: String, action: GtkFileChooserAction, accept: String, folder: String, parent: Widget?) {
        let parentWindow = parent.flatMap { gtk_widget_get_root($0.widget) }.flatMap { root -> UnsafeMutablePointer<GtkWindow>? in
            skiff_is_a(UnsafeMutableRawPointer(root), gtk_window_get_type()) != 0 ? UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWindow.self) : nil
        }
        self.init(adopting: UnsafeMutableRawPointer(gtk_file_chooser_native_new(title, parentWindow, action, accept, "_Cancel")))
        gtk_native_dialog_set_modal(raw.assumingMemoryBound(to: GtkNativeDialog.self), 1)
        let directory = g_file_new_for_path(folder)
        _ = gtk_file_chooser_set_current_folder(OpaquePointer(raw), directory, nil)
        g_object_unref(UnsafeMutableRawPointer(directory))
    }

    /// Where one file goes: `name` is the name offered, `folder` where the dialog opens.
    public static func save(title: String, name: String, folder: String, transientFor parent: Widget?) -> PathChooser {
        let chooser = PathChooser(title: title, action: GTK_FILE_CHOOSER_ACTION_SAVE, accept: "_Save", folder: folder, parent: parent)
        gtk_file_chooser_set_current_name(OpaquePointer(chooser.raw), name)
        return chooser
    }

    /// Which file to read, from `folder`; `filter`'s files shown first.
    public static func open(title: String, folder: String, filter: Filter, transientFor parent: Widget?) -> PathChooser {
        let chooser = PathChooser(title: title, action: GTK_FILE_CHOOSER_ACTION_OPEN, accept: "_Open", folder: folder, parent: parent)
        let files = OpaquePointer(chooser.raw)
        let wanted = gtk_file_filter_new()
        gtk_file_filter_set_name(wanted, filter.name)
        for pattern in filter.patterns { gtk_file_filter_add_pattern(wanted, pattern) }
        gtk_file_chooser_add_filter(files, wanted)
        let all = gtk_file_filter_new()
        gtk_file_filter_set_name(all, "All Files")
        gtk_file_filter_add_pattern(all, "*")
        gtk_file_chooser_add_filter(files, all)
        gtk_file_chooser_set_filter(files, wanted)
        g_object_unref(UnsafeMutableRawPointer(all))
        g_object_unref(UnsafeMutableRawPointer(wanted))
        return chooser
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
