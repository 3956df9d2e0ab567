import CGtk
import CGtkUnixPrint
import CWebKit
import Foundation

/// Printing a web page (WebKitPrintOperation): GTK's print dialog, whose printers include "Print to
/// File" (PDF) without any printer installed; or straight to a PDF file.
@MainActor
public final class PrintOperation: Object {
    public override class var gType: GType { webkit_print_operation_get_type() }
    private var operation: OpaquePointer { OpaquePointer(raw) }

    public convenience init(printing view: WebView) {
        self.init(adopting: UnsafeMutableRawPointer(webkit_print_operation_new(view.raw.assumingMemoryBound(to: WebKitWebView.self))))
    }

    /// GTK's print dialog (printers, Print to File, page setup) over the window holding `widget`,
    /// modal to it but not blocking the app; on Print the page prints with what the user chose.
    /// `responded` gets whether printing started.
    public func showDialog(over widget: Widget, responded: @escaping @MainActor (Bool) -> Void) {
        let parent = gtk_widget_get_root(widget.widget).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }
        let dialog = PrintDialog(parent: parent)
        dialog.onInt("response") { [weak self, weak dialog] response in
            guard let self, let dialog else { return }
            let printing = response == GTK_RESPONSE_OK.rawValue
            if printing { self.print(with: dialog) }
            dialog.destroy()
            responded(printing)
        }
        dialog.present()
    }

    private func print(with dialog: PrintDialog) {
        let unix = OpaquePointer(dialog.raw)
        guard let settings = gtk_print_unix_dialog_get_settings(unix) else { return }
        if let printer = gtk_print_unix_dialog_get_selected_printer(unix) {
            gtk_print_settings_set_printer(settings, gtk_printer_get_name(printer))
        }
        webkit_print_operation_set_print_settings(operation, settings)
        if let setup = gtk_print_unix_dialog_get_page_setup(unix) { webkit_print_operation_set_page_setup(operation, setup) }
        g_object_unref(UnsafeMutableRawPointer(settings))
        webkit_print_operation_print(operation)
    }

    /// Prints to `file` as PDF, no dialog (what the dialog's "Print to File" does).
    public func printToPDF(_ file: URL) {
        let settings = gtk_print_settings_new()
        gtk_print_settings_set_printer(settings, "Print to File")
        gtk_print_settings_set(settings, GTK_PRINT_SETTINGS_OUTPUT_FILE_FORMAT, "pdf")
        gtk_print_settings_set(settings, GTK_PRINT_SETTINGS_OUTPUT_URI, file.absoluteString)
        webkit_print_operation_set_print_settings(operation, settings)
        g_object_unref(UnsafeMutableRawPointer(settings))
        webkit_print_operation_print(operation)
    }

    /// The document was handed to the printer (or written to the file).
    @discardableResult
    public func onFinished(_ body: @escaping VoidHandler) -> SignalHandlerID { on("finished", body) }

    /// Printing failed, with GLib's reason.
    @discardableResult
    public func onFailed(_ body: @escaping @MainActor (String) -> Void) -> SignalHandlerID {
        onPointer("failed") { error in
            let message = error.map { String(cString: $0.assumingMemoryBound(to: GError.self).pointee.message) } ?? "unknown error"
            body(message)
        }
    }
}

/// GtkPrintUnixDialog: chooses a printer (or a file) and the page setup.
@MainActor
final class PrintDialog: Window {
    override class var gType: GType { gtk_print_unix_dialog_get_type() }

    convenience init(parent: UnsafeMutablePointer<GtkWindow>?) {
        self.init(retaining: UnsafeMutableRawPointer(skiff_print_unix_dialog_new("Print", parent)))
        let unix = OpaquePointer(raw)
        gtk_print_unix_dialog_set_embed_page_setup(unix, 1)
        let capabilities = GTK_PRINT_CAPABILITY_PAGE_SET.rawValue | GTK_PRINT_CAPABILITY_COPIES.rawValue | GTK_PRINT_CAPABILITY_COLLATE.rawValue
            | GTK_PRINT_CAPABILITY_REVERSE.rawValue | GTK_PRINT_CAPABILITY_SCALE.rawValue | GTK_PRINT_CAPABILITY_GENERATE_PDF.rawValue
            | GTK_PRINT_CAPABILITY_NUMBER_UP.rawValue
        gtk_print_unix_dialog_set_manual_capabilities(unix, GtkPrintCapabilities(rawValue: capabilities))
        gtk_window_set_modal(window, 1)
    }
}
