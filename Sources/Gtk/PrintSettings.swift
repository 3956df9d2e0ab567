import CGtk
import Foundation

/// GtkPrintSettings: what the print dialog chose (printer, copies, the file for Print to File…),
/// kept between prints and saved in GTK's own key file format.
@MainActor
public final class PrintSettings: Object {
    public override class var gType: GType { gtk_print_settings_get_type() }
    private var settings: OpaquePointer { OpaquePointer(raw) }

    /// Keys the Print to File printer reads (GTK_PRINT_SETTINGS_OUTPUT_*).
    public enum Key: String {
        case outputDirectory = "output-dir"
        case outputBaseName = "output-basename"
        case outputURI = "output-uri"
        case outputFormat = "output-file-format"
        case printer
    }

    /// Empty settings: GTK's defaults.
    public convenience init() {
        self.init(adopting: UnsafeMutableRawPointer(gtk_print_settings_new()))
    }

    /// The settings saved in `file`; nil with GLib's reason when it is missing or unreadable.
    public static func load(from file: URL) -> Result<PrintSettings, GLibError> {
        var error: UnsafeMutablePointer<GError>?
        guard let loaded = gtk_print_settings_new_from_file(file.path, &error) else { return .failure(GLibError(taking: error)) }
        return .success(PrintSettings(adopting: UnsafeMutableRawPointer(loaded)))
    }

    /// Writes the settings to `file` (GTK writes a temporary file and renames it).
    public func save(to file: URL) -> Result<Void, GLibError> {
        var error: UnsafeMutablePointer<GError>?
        return gtk_print_settings_to_file(settings, file.path, &error) != 0 ? .success(()) : .failure(GLibError(taking: error))
    }

    public subscript(key: Key) -> String? {
        get { gtk_print_settings_get(settings, key.rawValue).map { String(cString: $0) } }
        set {
            if let newValue { gtk_print_settings_set(settings, key.rawValue, newValue) } else { gtk_print_settings_unset(settings, key.rawValue) }
        }
    }

    /// A copy the caller owns (the dialog's settings change while it is open).
    public func copy() -> PrintSettings {
        PrintSettings(adopting: UnsafeMutableRawPointer(gtk_print_settings_copy(settings)))
    }
}
