import CGtk
import Foundation
import Logging

/// GTK's file dialog, asked one way on every GTK Skiff runs on: GtkFileDialog on 4.10 and later,
/// GtkFileChooserNative on 4.8 (the choice is made in C, `file_dialog.h`). Either shows the
/// desktop's own dialog through the portal where there is one, GTK's dialog otherwise.
@MainActor
enum FileDialog {
    static let logger = Logger(label: "skiff.file-dialog")

    /// A filter the dialog offers: a name and its glob patterns, or a GtkFileFilter made elsewhere.
    enum Filter {
        case patterns(name: String, [String])
        case made(OpaquePointer)
    }

    /// Shows the dialog over the window holding `parent`, modal to it. `answer` runs once, with the
    /// chosen paths, or nil when the user cancelled (or the dialog failed, which is logged).
    /// `filters` are offered in order, the first selected; "All Files" is added after them.
    static func ask(mode: SkiffFileDialogMode, title: String, accept: String, folder: String?, name: String? = nil,
                    filters: [Filter] = [], over parent: Widget?, answer: @escaping @MainActor ([String]?) -> Void) {
        let window = parent.flatMap { gtk_widget_get_root($0.widget) }.flatMap { root -> UnsafeMutablePointer<GtkWindow>? in
            skiff_is_a(UnsafeMutableRawPointer(root), gtk_window_get_type()) != 0 ? UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWindow.self) : nil
        }
        let store = g_list_store_new(gtk_file_filter_get_type())
        var first: OpaquePointer?
        if !filters.isEmpty {
            for filter in filters {
                let made: OpaquePointer
                switch filter {
                case .patterns(let name, let patterns):
                    made = gtk_file_filter_new()
                    gtk_file_filter_set_name(made, name)
                    for pattern in patterns { gtk_file_filter_add_pattern(made, pattern) }
                case .made(let existing):
                    made = existing
                    g_object_ref(UnsafeMutableRawPointer(existing))
                }
                g_list_store_append(store, UnsafeMutableRawPointer(made))
                if first == nil { first = made }
                g_object_unref(UnsafeMutableRawPointer(made))
            }
            let all = gtk_file_filter_new()
            gtk_file_filter_set_name(all, "All Files")
            gtk_file_filter_add_pattern(all, "*")
            g_list_store_append(store, UnsafeMutableRawPointer(all))
            g_object_unref(UnsafeMutableRawPointer(all))
        }
        let data = AsyncReady.userData({ _, result in
            var error: UnsafeMutablePointer<GError>?
            guard let files = skiff_file_dialog_finish(result, &error) else {
                if let error, !(error.pointee.domain == g_io_error_quark() && error.pointee.code == G_IO_ERROR_CANCELLED.rawValue) {
                    logger.warning("the file dialog failed: \(GLibError(taking: error).message)")
                } else if let error {
                    g_error_free(error)
                }
                answer(nil)
                return
            }
            defer { g_object_unref(UnsafeMutableRawPointer(files)) }
            answer(paths(of: files))
        }, missing: { answer(nil) })
        title.withCString { title in
            accept.withCString { accept in
                withOptionalCString(folder) { folder in
                    withOptionalCString(name) { name in
                        var request = SkiffFileDialogRequest(mode: mode, title: title, accept_label: accept, folder: folder, name: name,
                                                             filters: filters.isEmpty ? nil : OpaquePointer(UnsafeMutableRawPointer(store)), default_filter: first)
                        skiff_file_dialog_ask(window, &request, AsyncReady.callback, data)
                    }
                }
            }
        }
        g_object_unref(UnsafeMutableRawPointer(store))
    }

    /// The local paths of a GListModel of GFile (files without one are left out).
    static func paths(of files: OpaquePointer) -> [String] {
        (0..<g_list_model_get_n_items(files)).compactMap { index in
            guard let item = g_list_model_get_item(files, index) else { return nil }
            defer { g_object_unref(item) }
            guard let path = g_file_get_path(OpaquePointer(item)) else { return nil }
            defer { g_free(path) }
            return String(cString: path)
        }
    }

    private static func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
        guard let string else { return body(nil) }
        return string.withCString { body($0) }
    }
}
