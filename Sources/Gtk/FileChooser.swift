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

    /// GTK's file dialog for this request (its MIME types as the filter, one or many files) over
    /// the window holding `widget`, modal to it; `chosen` gets the files, or nil when cancelled.
    public func showChooser(over widget: Widget, chosen: @escaping @MainActor ([String]?) -> Void) {
        let multiple = selectsMultiple
        var filters: [FileDialog.Filter] = []
        if let filter = webkit_file_chooser_request_get_mime_types_filter(request) { filters.append(.made(filter)) }
        FileDialog.ask(mode: multiple ? SKIFF_FILE_DIALOG_OPEN_MULTIPLE : SKIFF_FILE_DIALOG_OPEN,
                       title: multiple ? "Choose Files" : "Choose a File", accept: "_Open", folder: nil,
                       filters: filters, over: widget, answer: chosen)
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
