import Browser
import BrowserModel
import CGtk
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// Printing: Ctrl+P (a real key) opens GTK's print dialog over the window, and printing to a file
/// makes a PDF that holds the page's text (read back with pdftotext).
final class PrintWindowTests: XCTestCase {
    var server: TestHTTPServer!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") else {
            return XCTFail("pdftotext is required (make test installs poppler-utils)")
        }
        server = try TestHTTPServer(routes: ["/print": .init(body: "<title>Printable</title><h1>Printed heading here</h1><p>And this paragraph.</p>")])
    }

    override func tearDown() { server?.stop() }

    func testAPagePrintedToAFileHoldsItsText() throws {
        let base = server.base
        let pdf = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-print-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: pdf) }
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Print To File")
            defer { BrowserTestWindow.destroy(main.window) }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/print", title: "Printable"))
            var outcome: String??
            main.browser.printPage(toPDF: pdf) { outcome = .some($0) }
            XCTAssertTrue(MainLoop.run(until: { outcome != nil }, timeout: 30), "printing finished")
            XCTAssertEqual(outcome ?? "not finished", nil)
        }
        let words = try Self.text(of: pdf)
        XCTAssertTrue(words.contains("Printed heading here"), "the PDF holds the page's text: \(words.prefix(200))")
        XCTAssertTrue(words.contains("And this paragraph."))
    }

    /// Through GTK's dialog with real keys only: Ctrl+P, Print to File chosen in the printer list,
    /// Print. The PDF lands in the Downloads folder under the page's title and holds its text; the
    /// next Ctrl+P has Print to File chosen already and never offers to replace the first PDF.
    func testCtrlPAndPrintToFileWriteThePageAsAPDFNamedAfterIt() throws {
        let base = server.base
        let folder = try TestDownloadsFolder("skiff-print")
        defer { folder.remove() }
        let first = folder.url.appendingPathComponent("Printable.pdf"), second = folder.url.appendingPathComponent("Printable (1).pdf")
        try MainActor.assumeIsolated {
            let (main, id) = try BrowserTestWindow.open("Print Dialog To File")
            defer { BrowserTestWindow.destroy(main.window) }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/print", title: "Printable"))
            // `keys` once the dialog is up and lists `ready`, each read once it has done what it does
            // there; true when the dialog closed.
            let printWithKeys: @MainActor ([String], [(key: String, then: DialogKey)]) throws -> Bool = { ready, keys in
                XDoTool.run(["windowfocus", "--sync", id])
                main.browser.webView?.grabFocus()
                XCTAssertTrue(MainLoop.run(until: { main.browser.webView?.hasFocus == true }, timeout: 3), "the page has the focus")
                XDoTool.run(["key", "--clearmodifiers", "ctrl+p"])
                let dialog = try XCTUnwrap(XDoTool.window(named: "Print", timeout: 10), "the print dialog opens")
                let window = try XCTUnwrap(Self.toplevel("Print"), "the print dialog is this process's")
                XDoTool.run(["windowfocus", "--sync", dialog])
                XCTAssertTrue(MainLoop.run(until: { gtk_window_is_active(window.window) != 0 }, timeout: 5), "the dialog is the active window")
                // The printers are listed once their back-ends answer (a remembered one then chosen).
                XCTAssertTrue(MainLoop.run(until: { ready.allSatisfy { Self.shows($0, in: window) } }, timeout: 10),
                              "the dialog lists \(ready)")
                for (key, then) in keys {
                    let before = window.focusedWidgetPointer
                    XDoTool.run(["key", key])
                    switch then {
                    case .movesTheFocus:
                        XCTAssertTrue(MainLoop.run(until: { window.focusedWidgetPointer != before }, timeout: 5), "\(key) moved the focus")
                    case .shows(let label):
                        XCTAssertTrue(MainLoop.run(until: { Self.shows(label, in: window) }, timeout: 10), "\(key) brought “\(label)”")
                    case .closes:
                        break
                    }
                }
                return MainLoop.run(until: { XDoTool.run(["search", "--onlyvisible", "--name", "^Print$"]).isEmpty }, timeout: 10)
            }
            // Tab to the printer list, Space chooses its row, Shift+Tab twice comes round to Print.
            XCTAssertTrue(try printWithKeys(["Print to File"], [("Tab", .movesTheFocus), ("space", .shows("File:")), ("shift+Tab", .movesTheFocus),
                                                                ("shift+Tab", .movesTheFocus), ("Return", .closes)]), "Print closed the dialog")
            XCTAssertTrue(MainLoop.run(until: { FileManager.default.fileExists(atPath: first.path) }, timeout: 30),
                          "a PDF named after the page in Downloads: \(folder.files)")
            XCTAssertTrue(try printWithKeys(["Print to File", "File:"], [("shift+Tab", .movesTheFocus), ("Return", .closes)]),
                          "the printer was remembered, so Print is one Shift+Tab away")
            // Both written whole before the window goes: GTK copies a job out from the main loop.
            XCTAssertTrue(MainLoop.run(until: { Self.isWholePDF(first) && Self.isWholePDF(second) }, timeout: 30),
                          "a second PDF beside the first: \(folder.files)")
        }
        for pdf in [first, second] {
            let words = try Self.text(of: pdf)
            XCTAssertTrue(words.contains("Printed heading here"), "\(pdf.lastPathComponent) holds the page's text: \(words.prefix(200))")
        }
    }

    /// This process's mapped window titled `title` (GTK's print dialog is one of its toplevels).
    @MainActor
    private static func toplevel(_ title: String) -> Gtk.Window? {
        let list = gtk_window_get_toplevels()
        for i in 0..<g_list_model_get_n_items(list) {
            guard let item = g_list_model_get_item(list, i) else { continue }
            let window = Gtk.Window(adopting: item)
            if window.title == title && window.isMapped { return window }
        }
        return nil
    }

    /// What a key pressed in the print dialog does there, to be waited for.
    enum DialogKey { case movesTheFocus, shows(String), closes }

    /// Whether `window` presents a label reading `text`, laid out.
    @MainActor
    private static func shows(_ text: String, in window: Gtk.Window) -> Bool {
        window.presentedDescendants().contains { $0.labelText == text && $0.width > 0 }
    }

    /// Whether `pdf` has been written whole: it ends with PDF's end-of-file marker. Cheap enough to ask
    /// on every turn of the loop, which copies the job out (pdftotext on each turn made it take 5 s).
    private static func isWholePDF(_ pdf: URL) -> Bool {
        guard let file = try? FileHandle(forReadingFrom: pdf) else { return false }
        defer { try? file.close() }
        guard let end = try? file.seekToEnd(), end > 0 else { return false }
        try? file.seek(toOffset: end > 64 ? end - 64 : 0)
        let tail = (try? file.readToEnd()) ?? Data()
        return String(decoding: tail, as: UTF8.self).contains("%%EOF")
    }

    /// The PDF's words, by pdftotext; waits for the printer to have finished writing it.
    private static func text(of pdf: URL) throws -> String {
        var words = ""
        Poll.until(timeout: 10, interval: 0.2) {
            let text = Process()
            text.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
            text.arguments = [pdf.path, "-"]
            let out = Pipe()
            text.standardOutput = out
            text.standardError = FileHandle.nullDevice
            guard (try? text.run()) != nil else { return false }
            words = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            text.waitUntilExit()
            return text.terminationStatus == 0 && !words.isEmpty
        }
        return words
    }

    func testCtrlPOpensThePrintDialogOverTheWindowAndEscapeClosesIt() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Print Dialog")
            defer { BrowserTestWindow.destroy(main.window) }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/print", title: "Printable"))
            main.browser.webView?.grabFocus()
            XCTAssertTrue(MainLoop.run(until: { main.browser.webView?.hasFocus == true }, timeout: 3), "the page has the focus")
            XDoTool.run(["key", "--clearmodifiers", "ctrl+p"])
            guard let dialog = XDoTool.window(named: "Print", timeout: 10) else { return XCTFail("no print dialog appeared") }
            XDoTool.run(["windowfocus", "--sync", dialog])
            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(MainLoop.run(until: { XDoTool.run(["search", "--onlyvisible", "--name", "^Print$"]).isEmpty }, timeout: 10),
                          "Escape closed it")
            XCTAssertEqual(main.shownTitle, "Printable", "and the page is as it was")
        }
    }
}
