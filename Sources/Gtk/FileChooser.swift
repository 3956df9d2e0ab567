import CGtk
import CWebKit
import Foundation

/// A page's `<input type=file>` asking for files (WebKitFileChooserRequest): kept (referenced)
/// until files are chosen or it is cancelled.
@MainActor
public final class FileChooserRequest: Object {
    public override class var gType: GType { webkit_file_chooser_request_get_type() }
    private var request: OpaquePointer { OpaquePointer(raw) }
    private var answered = false

    /// `<input multiple>`.
    public var selectsMultiple: Bool { webkit_file_chooser_request_get_select_multiple(request) != 0 }

    /// The input's `accept` MIME types (empty: any file).
    public var mimeTypes: [String] {
        guard var item = webkit_file_chooser_request_get_mime_types(request) else { return [] }
        var types: [String] = []
        while let type = item.pointee {
            types.append(String(cString: type))
            item += 1
        }
        return types
    }

    /// The chosen files (absolute paths) reach the page.
    public func select(_ paths: [String]) {
        guard !answered else { return }
        answered = true
        var pointers: [UnsafePointer<CChar>?] = paths.map { UnsafePointer(strdup($0)) }
        pointers.append(nil)
        pointers.withUnsafeBufferPointer { webkit_file_chooser_request_select_files(request, $0.baseAddress) }
        for pointer in pointers { free(UnsafeMutableRawPointer(mutating: pointer)) }
    }

    /// Nothing chosen: the input keeps what it had.
    public func cancel() {
        guard !answered else { return }
        answered = true
        webkit_file_chooser_request_cancel(request)
    }

    /// GTK's file chooser for this request (its MIME types as the filter, one or many files) over
    /// the window holding `widget`, modal to it; `chosen` gets the files, or nil when cancelled.
    /// GtkFileChooserNative: the desktop portal's chooser where there is one, else GTK's own dialog.
    public func showChooser(over widget: Widget, chosen: @escaping @MainActor ([String]?) -> Void) {
        let parent = gtk_widget_get_root(widget.widget).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }
        let title = selectsMultiple ? "Choose Files" : "Choose a File"
        let native = FileChooserDialog(adopting: UnsafeMutableRawPointer(gtk_file_chooser_native_new(title, parent, GTK_FILE_CHOOSER_ACTION_OPEN, "_Open", "_Cancel")))
        let chooser = OpaquePointer(native.raw)
        gtk_file_chooser_set_select_multiple(chooser, selectsMultiple ? 1 : 0)
        if let filter = webkit_file_chooser_request_get_mime_types_filter(request) {
            gtk_file_chooser_add_filter(chooser, filter)
            let all = gtk_file_filter_new()
            gtk_file_filter_set_name(all, "All Files")
            gtk_file_filter_add_pattern(all, "*")
            gtk_file_chooser_add_filter(chooser, all)
            g_object_unref(UnsafeMutableRawPointer(all))
            gtk_file_chooser_set_filter(chooser, filter)
        }
        gtk_native_dialog_set_modal(native.raw.assumingMemoryBound(to: GtkNativeDialog.self), 1)
        // The dialog keeps itself alive through its handler until it answers.
        var keep: FileChooserDialog? = native
        native.onInt("response") { response in
            guard let dialog = keep else { return }
            keep = nil
            let files = response == GTK_RESPONSE_ACCEPT.rawValue ? dialog.chosenPaths : nil
            gtk_native_dialog_destroy(dialog.raw.assumingMemoryBound(to: GtkNativeDialog.self))
            chosen(files)
        }
        gtk_native_dialog_show(native.raw.assumingMemoryBound(to: GtkNativeDialog.self))
    }
}

/// GtkFileChooserNative, for `FileChooserRequest.showChooser`.
@MainActor
final class FileChooserDialog: Object {
    override class var gType: GType { gtk_file_chooser_native_get_type() }

    var chosenPaths: [String] {
        guard let files = gtk_file_chooser_get_files(OpaquePointer(raw)) else { return [] }
        defer { g_object_unref(UnsafeMutableRawPointer(files)) }
        return (0..<g_list_model_get_n_items(files)).compactMap { index in
            guard let item = g_list_model_get_item(files, index) else { return nil }
            defer { g_object_unref(item) }
            guard let path = g_file_get_path(OpaquePointer(item)) else { return nil }
            defer { g_free(path) }
            return String(cString: path)
        }
    }
}

public typealias FileChooserHandler = @MainActor (FileChooserRequest) -> Bool

extension WebView {
    /// "run-file-chooser": `body` returns true when it will answer the request (keeping it until
    /// then), false to leave it to WebKit's own chooser.
    @discardableResult
    public func onFileChooser(_ body: @escaping FileChooserHandler) -> SignalHandlerID {
        onRequest("run-file-chooser") { body(FileChooserRequest(retaining: $0)) }
    }
}
