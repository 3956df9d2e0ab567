import BrowserModel
import Foundation
import BrowserStore
import Gtk
import Logging

/// Printing the page (Ctrl+P, the main menu): GTK's print dialog, whose "Print to File" makes a PDF
/// without any printer, named after the page. The dialog's choices (the printer, copies, the PDF's
/// folder) are kept for the next print and, outside private windows, in `settingsFile`, as GNOME
/// Web keeps them. Owns each print operation until it finishes; a failure is told on the page,
/// never only logged.
@MainActor
final class PagePrinting {
    /// The file in Skiff's state folder that keeps the print dialog's choices.
    static let settingsFileName = "print-settings.ini"
    private var running: [ObjectIdentifier: PrintOperation] = [:]
    /// Told why printing failed, in words for the user.
    var onFailure: ((String) -> Void)?
    private let settingsFile: URL?
    private lazy var settings: PrintSettings = loadSettings()
    private let logger = Logger(label: "skiff.browser.print")

    /// `settingsFile` nil keeps the choices in memory only (a private window).
    init(settingsFile: URL?) {
        self.settingsFile = settingsFile
    }

    /// The print dialog for `view`'s page, over its window; Print to File offers
    /// `PrintNaming`'s name and folder.
    func showDialog(for view: WebView, title: String?, uri: String?) {
        let offered = settings.copy()
        offered[.outputDirectory] = PrintNaming.folder(savedFolder: offered[.outputDirectory], lastFileURI: offered[.outputURI],
                                                       downloads: UserFolders.downloads)
        offered[.outputURI] = nil
        let folder = offered[.outputDirectory] ?? UserFolders.downloads
        offered[.outputBaseName] = PrintNaming.unique(PrintNaming.baseName(title: title, uri: uri), fileExtension: offered[.outputFormat] ?? "pdf") {
            FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent($0))
        }
        let operation = track(PrintOperation(printing: view), done: nil)
        operation.showDialog(over: view, settings: offered) { [weak self, weak operation] chosen in
            guard let self else { return }
            if let chosen { self.remember(chosen) } else if let operation { self.running[ObjectIdentifier(operation)] = nil }
        }
    }

    /// Straight to a PDF file (what the dialog's Print to File does); `done` gets nil or the reason.
    func printToPDF(_ view: WebView, file: URL, done: @escaping @MainActor (String?) -> Void) {
        track(PrintOperation(printing: view), done: done).printToPDF(file)
    }

    /// Keeps what the user chose for the next dialog: the PDF's folder, not its name.
    private func remember(_ chosen: PrintSettings) {
        let kept = chosen.copy()
        kept[.outputDirectory] = PrintNaming.folder(savedFolder: nil, lastFileURI: kept[.outputURI], downloads: UserFolders.downloads)
        kept[.outputURI] = nil
        kept[.outputBaseName] = nil
        settings = kept
        guard let settingsFile else { return }
        do {
            try DataLocations.createPrivateDirectory(settingsFile.deletingLastPathComponent())
            try kept.save(to: settingsFile).get()
        } catch {
            onFailure?("The printer and options you chose can’t be remembered: \(error).")
        }
    }

    private func loadSettings() -> PrintSettings {
        guard let settingsFile, FileManager.default.fileExists(atPath: settingsFile.path) else { return PrintSettings() }
        switch PrintSettings.load(from: settingsFile) {
        case .success(let loaded): return loaded
        case .failure(let error):
            logger.warning("print settings in \(settingsFile.path) ignored: \(error)")
            return PrintSettings()
        }
    }

    @discardableResult
    private func track(_ operation: PrintOperation, done: (@MainActor (String?) -> Void)?) -> PrintOperation {
        let id = ObjectIdentifier(operation)
        running[id] = operation
        operation.onFinished { [weak self] in
            self?.running[id] = nil
            done?(nil)
        }
        operation.onFailed { [weak self] reason in
            self?.logger.warning("printing failed: \(reason)")
            self?.onFailure?("The page could not be printed: \(reason).")
            self?.running[id] = nil
            done?(reason)
        }
        return operation
    }
}
