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
        let text = Process()
        text.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
        text.arguments = [pdf.path, "-"]
        let out = Pipe()
        text.standardOutput = out
        try text.run()
        let words = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        text.waitUntilExit()
        XCTAssertTrue(words.contains("Printed heading here"), "the PDF holds the page's text: \(words.prefix(200))")
        XCTAssertTrue(words.contains("And this paragraph."))
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
