import Foundation
import Gtk
import Logging

/// Printing the page (Ctrl+P, the main menu): GTK's print dialog, whose "Print to File" makes a PDF
/// without any printer. Owns each print operation until it finishes; a failure is told on the page,
/// never only logged.
@MainActor
final class PagePrinting {
    private var running: [ObjectIdentifier: PrintOperation] = [:]
    /// Told why printing failed, in words for the user.
    var onFailure: ((String) -> Void)?
    private let logger = Logger(label: "skiff.browser.print")

    /// The print dialog for `view`'s page, over its window.
    func showDialog(for view: WebView) {
        let operation = track(PrintOperation(printing: view), done: nil)
        operation.showDialog(over: view) { [weak self, weak operation] printing in
            guard !printing, let operation else { return }
            self?.running[ObjectIdentifier(operation)] = nil
        }
    }

    /// Straight to a PDF file (what the dialog's Print to File does); `done` gets nil or the reason.
    func printToPDF(_ view: WebView, file: URL, done: @escaping @MainActor (String?) -> Void) {
        track(PrintOperation(printing: view), done: done).printToPDF(file)
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
