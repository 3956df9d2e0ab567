import Browser
import BrowserModel
import BrowserStore
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// Downloads in a real window from a loopback server, started by a real click on a link: the file
/// on disk and the notice a user (and a screen reader) gets. The folder is given through
/// SKIFF_DOWNLOAD_DIR (docs/downloads.md).
final class DownloadTests: XCTestCase {
    var server: TestHTTPServer!
    var folder: URL!
    static let served: [UInt8] = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ ($0 >> 8)) }
    static let big = [UInt8](repeating: 0x42, count: 2 << 20)

    override func setUpWithError() throws {
        try requireDisplay()
        guard MainActor.assumeIsolated({ XDoTool.isAvailable }) else {
            return XCTFail("xdotool is required (make test installs it)")
        }
        let link = "<title>Files</title><body style='margin:0'><a href='/file' style='display:block;height:300px;background:#cde'>get it</a>"
        server = try TestHTTPServer(routes: [
            "/page": .init(body: link),
            "/big-page": .init(body: link.replacingOccurrences(of: "/file", with: "/big")),
            "/file": .init(contentType: "application/octet-stream", bytes: Self.served,
                           headers: ["Content-Disposition: attachment; filename=\"report.bin\""]),
            "/big": .init(contentType: "application/octet-stream", bytes: Self.big,
                          headers: ["Content-Disposition: attachment; filename=\"big.bin\""]),
        ])
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-downloads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        server?.stop()
        unsetenv("SKIFF_DOWNLOAD_DIR")
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private func files(in url: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { $0 != "lost+found" }.sorted()
    }

    /// Clicks the link at the top of the page, as a user would.
    @MainActor
    private static func clickLink(_ main: MainWindow, _ window: String) throws {
        let page = try XCTUnwrap(main.browser.webView?.originInSurface())
        XDoTool.click(window: window, x: page.x + 150, y: page.y + 100)
    }

    func testAClickedAttachmentIsSavedWholeUnderAFreeNameAndAnnounced() throws {
        setenv("SKIFF_DOWNLOAD_DIR", folder.path, 1)
        // A file of that name is already there: it is kept as it is.
        try Data("mine".utf8).write(to: folder.appendingPathComponent("report.bin"))
        let base = server.base, folder = self.folder!
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-downloads-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        try MainActor.assumeIsolated {
            // A main window: its pages are in the shared session, whose downloads every window hears of.
            let persistence = BrowserPersistence.open(locations: DataLocations(dataDirectory: data.appendingPathComponent("data"),
                                                                               stateDirectory: data.appendingPathComponent("state")))
            let (main, window) = try BrowserTestWindow.open("Downloads Click", persistence: persistence)
            defer { main.window.destroy() }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/page", title: "Files"))
            MainLoop.run(until: { !main.browser.isAnimating }, timeout: 3)
            try Self.clickLink(main, window)
            let expected = "Downloaded “report (1).bin” (300.0 kB) to \(folder.path)."
            XCTAssertTrue(MainLoop.run(until: { main.window.presentedDescendants().contains { $0.hasLabel(expected) } }, timeout: 15),
                          "the notice is presented to assistive technology: \(main.browser.noticeText ?? "no notice")")
            XCTAssertEqual(main.browser.state.title, "Files", "the page stays")
        }
        XCTAssertEqual(files(in: folder), ["report (1).bin", "report.bin"], "no partial file left, nothing overwritten")
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("report (1).bin")), Data(Self.served), "the served bytes, all of them")
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("report.bin"), encoding: .utf8), "mine")
    }

    /// Opens `page` in a private window, clicks its link and waits until `expected` is presented
    /// to assistive technology.
    private func clickAndExpectNotice(_ title: String, page: String, _ expected: String) throws {
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open(title)
            defer { main.window.destroy() }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)\(page)", title: "Files"))
            MainLoop.run(until: { !main.browser.isAnimating }, timeout: 3)
            try Self.clickLink(main, window)
            XCTAssertTrue(MainLoop.run(until: { main.window.presentedDescendants().contains { $0.hasLabel(expected) } }, timeout: 15),
                          "told: \(main.browser.noticeText ?? "no notice")")
        }
    }

    func testOnAFullDiskTheNoticeSaysSoAndNoFileIsLeft() throws {
        let disk = try SmallFilesystem(size: 256 << 10)
        defer { disk.remove() }
        XCTAssertTrue(disk.isRealFilesystem, "a full disk needs a tmpfs, which needs root (CI runs as root)")
        setenv("SKIFF_DOWNLOAD_DIR", disk.url.path, 1)
        try clickAndExpectNotice("Downloads Full", page: "/big-page", "“big.bin” could not be downloaded: the disk is full. Nothing was saved.")
        XCTAssertEqual(files(in: disk.url), [], "no partial file left behind")
    }

    func testAFolderThatCannotBeWrittenIsNamedInTheNoticeAndNothingIsWritten() throws {
        let disk = try SmallFilesystem(size: 1 << 20)
        defer { disk.remove() }
        disk.makeReadOnly()
        let target = disk.url.appendingPathComponent("Downloads").path
        setenv("SKIFF_DOWNLOAD_DIR", target, 1)
        let reason = disk.isRealFilesystem ? "the folder \(target) is read-only" : "the folder \(target) can’t be written to (permission denied)"
        try clickAndExpectNotice("Downloads Read-only", page: "/page", "“report.bin” could not be downloaded: \(reason). Nothing was saved.")
        XCTAssertFalse(FileManager.default.fileExists(atPath: target))
        XCTAssertEqual(files(in: disk.url), [], "nothing written")
    }
}
