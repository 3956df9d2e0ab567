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
    private var dialog: PrintDialog?

    public convenience init(printing view: WebView) {
        self.init(adopting: UnsafeMutableRawPointer(webkit_print_operation_new(view.raw.assumingMemoryBound(to: WebKitWebView.self))))
    }

    /// GTK's print dialog (printers, Print to File, page setup) over the window holding `widget`,
    /// starting from `settings`, modal to it but not blocking the app; on Print the page prints with
    /// what the user chose. `responded` gets the settings chosen, or nil when the dialog was cancelled.
    public func showDialog(over widget: Widget, settings: PrintSettings, responded: @escaping @MainActor (PrintSettings?) -> Void) {
        let parent = gtk_widget_get_root(widget.widget).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }
        let dialog = PrintDialog(parent: parent)
        gtk_print_unix_dialog_set_settings(OpaquePointer(dialog.raw), OpaquePointer(settings.raw))
        // Held until it answers: GTK keeps the window, but the handler needs its wrapper.
        self.dialog = dialog
        dialog.onInt("response") { [weak self] response in
            guard let self, let dialog = self.dialog else { return }
            self.dialog = nil
            let chosen = response == GTK_RESPONSE_OK.rawValue ? self.print(with: dialog) : nil
            dialog.destroy()
            responded(chosen)
        }
        dialog.present()
    }

    /// Prints with the dialog's choices; the settings it printed with.
    private func print(with dialog: PrintDialog) -> PrintSettings? {
        let unix = OpaquePointer(dialog.raw)
        guard let made = gtk_print_unix_dialog_get_settings(unix) else { return nil }
        let settings = PrintSettings(adopting: UnsafeMutableRawPointer(made))
        if let printer = gtk_print_unix_dialog_get_selected_printer(unix) {
            gtk_print_settings_set_printer(made, gtk_printer_get_name(printer))
        }
        webkit_print_operation_set_print_settings(operation, made)
        if let setup = gtk_print_unix_dialog_get_page_setup(unix) { webkit_print_operation_set_page_setup(operation, setup) }
        webkit_print_operation_print(operation)
        return settings
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
