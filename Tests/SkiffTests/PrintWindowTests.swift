import Browser
import BrowserModel
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
            defer {
                main.window.destroy()
                MainLoop.run(for: 0.1)
            }
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
            defer {
                main.window.destroy()
                MainLoop.run(for: 0.1)
            }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/print", title: "Printable"))
            // `keys` once the dialog is up; true when it closed.
            let printWithKeys: @MainActor ([String]) throws -> Bool = { keys in
                XDoTool.run(["windowfocus", "--sync", id])
                main.browser.webView?.grabFocus()
                MainLoop.run(for: 0.2)
                XDoTool.run(["key", "--clearmodifiers", "ctrl+p"])
                let dialog = try XCTUnwrap(XDoTool.window(named: "Print", timeout: 10), "the print dialog opens")
                XDoTool.run(["windowfocus", "--sync", dialog])
                // The printers are listed once their back-ends answer.
                MainLoop.run(for: 1.5)
                for key in keys {
                    XDoTool.run(["key", key])
                    MainLoop.run(for: 0.3)
                }
                return MainLoop.run(until: { XDoTool.run(["search", "--onlyvisible", "--name", "^Print$"]).isEmpty }, timeout: 10)
            }
            // Tab to the printer list, Space chooses its row, Shift+Tab twice comes round to Print.
            XCTAssertTrue(try printWithKeys(["Tab", "space", "shift+Tab", "shift+Tab", "Return"]), "Print closed the dialog")
            XCTAssertTrue(MainLoop.run(until: { FileManager.default.fileExists(atPath: first.path) }, timeout: 30),
                          "a PDF named after the page in Downloads: \(folder.files)")
            XCTAssertTrue(try printWithKeys(["shift+Tab", "Return"]), "the printer was remembered, so Print is one Shift+Tab away")
            XCTAssertTrue(MainLoop.run(until: { FileManager.default.fileExists(atPath: second.path) }, timeout: 30),
                          "a second PDF beside the first: \(folder.files)")
        }
        for pdf in [first, second] {
            let words = try Self.text(of: pdf)
            XCTAssertTrue(words.contains("Printed heading here"), "\(pdf.lastPathComponent) holds the page's text: \(words.prefix(200))")
        }
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
            defer {
                main.window.destroy()
                MainLoop.run(for: 0.1)
            }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/print", title: "Printable"))
            main.browser.webView?.grabFocus()
            MainLoop.run(for: 0.2)
            XDoTool.run(["key", "--clearmodifiers", "ctrl+p"])
            guard let dialog = XDoTool.window(named: "Print", timeout: 10) else { return XCTFail("no print dialog appeared") }
            XDoTool.run(["windowfocus", "--sync", dialog])
            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(MainLoop.run(until: { XDoTool.run(["search", "--onlyvisible", "--name", "^Print$"]).isEmpty }, timeout: 10),
                          "Escape closed it")
            XCTAssertEqual(main.browser.state.title, "Printable", "and the page is as it was")
        }
    }
}
