import Browser
import BrowserModel
import BrowserStore
import Foundation
import CGtk
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
        try requireDisplayAndXDoTool()
        let link = "<title>Files</title><body style='margin:0'><a href='/file' style='display:block;height:300px;background:#cde'>get it</a>"
        server = try TestHTTPServer(routes: [
            "/page": .init(body: link),
            "/big-page": .init(body: link.replacingOccurrences(of: "/file", with: "/big")),
            "/redirect-page": .init(body: link.replacingOccurrences(of: "/file", with: "/redirect")),
            "/redirect": { var r = TestHTTPServer.Response(status: "302 Found", body: ""); r.headers = ["Location: /file"]; return r }(),
            "/slow-page": .init(body: link.replacingOccurrences(of: "/file", with: "/slow")),
            "/slow": { var r = TestHTTPServer.Response(contentType: "application/octet-stream", bytes: Self.big,
                                                       headers: ["Content-Disposition: attachment; filename=\"slow.bin\""])
                       r.pace = (bytes: 16 << 10, every: 0.1)
                       return r }(),
            "/ring-page": .init(body: link.replacingOccurrences(of: "/file", with: "/ring")),
            "/ring": { var r = TestHTTPServer.Response(contentType: "application/octet-stream", bytes: Self.big,
                                                       headers: ["Content-Disposition: attachment; filename=\"ring.bin\""])
                       r.pace = (bytes: 64 << 10, every: 0.1)
                       return r }(),
            // 2 MB at 160 kB/s (at least 13 s): the ring has time to be read and photographed as it fills.
            "/paced-page": .init(body: link.replacingOccurrences(of: "/file", with: "/paced")),
            "/paced": { var r = TestHTTPServer.Response(contentType: "application/octet-stream", bytes: Self.big,
                                                        headers: ["Content-Disposition: attachment; filename=\"paced.bin\""])
                        r.pace = (bytes: 16 << 10, every: 0.1)
                        return r }(),
            "/growing-page": .init(body: link.replacingOccurrences(of: "/file", with: "/growing")),
            "/growing": { var r = TestHTTPServer.Response(contentType: "application/octet-stream", bytes: [UInt8](repeating: 7, count: 6 << 20),
                                                          headers: ["Content-Disposition: attachment; filename=\"growing.bin\""])
                          r.sendsLength = false
                          r.pace = (bytes: 64 << 10, every: 0.01)
                          return r }(),
            "/cut-page": .init(body: link.replacingOccurrences(of: "/file", with: "/cut")),
            // Promises 300,000 bytes, sends 1,000 and closes: the connection is cut.
            "/cut": { var r = TestHTTPServer.Response(contentType: "application/octet-stream", bytes: Array(Self.served[0..<1000]),
                                                      headers: ["Content-Disposition: attachment; filename=\"cut.bin\""])
                      r.declaredLength = Self.served.count
                      return r }(),
            // A page that downloads a file by itself, with no click.
            "/unasked": .init(body: "<title>Files</title><p>nothing to click</p><script>setTimeout(function(){ location.href = '/file' }, 300)</script>"),
            "/file": .init(contentType: "application/octet-stream", bytes: Self.served,
                           headers: ["Content-Disposition: attachment; filename=\"report.bin\""]),
            "/big": .init(contentType: "application/octet-stream", bytes: Self.big,
                          headers: ["Content-Disposition: attachment; filename=\"big.bin\""]),
            // The same file without a Content-Length: its size is known only once it has all come.
            "/unsized-page": .init(body: link.replacingOccurrences(of: "/file", with: "/unsized")),
            "/unsized": { var r = TestHTTPServer.Response(contentType: "application/octet-stream", bytes: Self.big,
                                                          headers: ["Content-Disposition: attachment; filename=\"big.bin\""])
                          r.sendsLength = false
                          return r }(),
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
        try BrowserTestWindow.clickLink(main, window: window, atPageX: 150, y: 100)
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
            let (main, window) = try BrowserTestWindow.open("Downloads Click", showing: "\(base)/page", pageTitle: "Files", persistence: persistence)
            defer { main.window.destroy() }
            try Self.clickLink(main, window)
            let expected = "Downloaded “report (1).bin” (300.0 kB) to \(folder.path)."
            XCTAssertTrue(MainLoop.run(until: { main.window.presentedDescendants().contains { $0.hasLabel(expected) } }, timeout: 15),
                          "the notice is presented to assistive technology: \(main.browser.noticeText ?? "no notice")")
            XCTAssertTrue(main.window.presentedDescendants().contains { $0.hasLabel("Notice") && $0.hasRole(.alert) },
                          "as an alert, which a screen reader speaks when it appears")
            XCTAssertEqual(main.shownTitle, "Files", "the page stays")
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
            let (main, window) = try BrowserTestWindow.open(title, showing: "\(base)\(page)", pageTitle: "Files")
            defer { main.window.destroy() }
            try Self.clickLink(main, window)
            XCTAssertTrue(MainLoop.run(until: { main.window.presentedDescendants().contains { $0.hasLabel(expected) } }, timeout: 15),
                          "told: \(main.browser.noticeText ?? "no notice")")
        }
    }

    /// A tmpfs of `size` bytes, filled, as the downloads folder (the caller removes it).
    private func fullDownloadsDisk(size: Int) throws -> SmallFilesystem {
        let disk = try SmallFilesystem(size: size)
        XCTAssertTrue(disk.isRealFilesystem, "a full disk needs a tmpfs, which needs root (CI runs as root)")
        setenv("SKIFF_DOWNLOAD_DIR", disk.url.path, 1)
        disk.fill()
        return disk
    }

    func testOnAFullDiskTheNoticeSaysSoAndNoFileIsLeft() throws {
        let disk = try fullDownloadsDisk(size: 256 << 10)
        defer { disk.remove() }
        try clickAndExpectNotice("Downloads Full", page: "/unsized-page", "“big.bin” could not be downloaded: the disk is full. Nothing was saved.")
        XCTAssertEqual(files(in: disk.url), ["filler"], "no partial file left behind")
    }

    func testADownloadThatWouldFillTheDiskIsRefusedBeforeAByteIsWritten() throws {
        let disk = try SmallFilesystem(size: 256 << 10)
        defer { disk.remove() }
        XCTAssertTrue(disk.isRealFilesystem, "a small disk needs a tmpfs, which needs root (CI runs as root)")
        setenv("SKIFF_DOWNLOAD_DIR", disk.url.path, 1)
        try clickAndExpectNotice("Downloads Too Big", page: "/big-page",
                                 "“big.bin” could not be downloaded: it needs 2.1 MB more and the disk has 262.1 kB free (13.1 kB must stay free). Nothing was saved.")
        XCTAssertEqual(files(in: disk.url), [], "nothing written")
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

    /// Clicks the notice's button labelled `label` for real; false when there is none on screen.
    @MainActor
    private static func clickNoticeButton(_ main: MainWindow, _ window: String, _ label: String) -> Bool {
        // Where it stays: the band's buttons come a frame after its text, and the band slides in.
        let centre: [Double]? = MainLoop.settled(main.window, timeout: 15) {
            guard let button = main.browser.noticeButton(label), button.isMapped, let origin = button.origin(in: main.window) else { return nil }
            return [origin.x + Double(button.width) / 2, origin.y + Double(button.height) / 2]
        }
        guard let centre else { return false }
        XDoTool.run(["windowfocus", "--sync", window])
        XDoTool.click(window: window, x: centre[0], y: centre[1])
        return true
    }

    func testADownloadNobodyClickedForAsksFirstAndCancelLeavesNothing() throws {
        setenv("SKIFF_DOWNLOAD_DIR", folder.path, 1)
        let base = server.base, folder = self.folder!
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Downloads Unasked")
            defer { main.window.destroy() }
            main.browser.load("\(base)/unasked")
            let question = "127.0.0.1 wants to download “report.bin” (300.0 kB) without a click. Save it?"
            XCTAssertTrue(MainLoop.run(until: { main.window.presentedDescendants().contains { $0.hasLabel(question) } }, timeout: 15),
                          "asked: \(main.browser.noticeText ?? "no notice")")
            XCTAssertEqual(((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []), [], "nothing written while it waits")
            XCTAssertFalse(main.browser.noticeIsDismissible, "answered with Save or Cancel, not dismissed")
            XCTAssertTrue(Self.clickNoticeButton(main, window, "Cancel"))
            XCTAssertTrue(MainLoop.run(until: { main.browser.noticeText == nil }, timeout: 5), "the question goes: \(main.browser.noticeText ?? "")")
            XCTAssertTrue(MainLoop.holds(for: 1) { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).isEmpty },
                          "nothing written after the Cancel")
        }
        XCTAssertEqual(files(in: folder), [], "Cancel: nothing saved")
    }

    func testSaveAfterTheQuestionAndAClickThroughARedirectSaveTheFile() throws {
        setenv("SKIFF_DOWNLOAD_DIR", folder.path, 1)
        let base = server.base, folder = self.folder!
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Downloads Save")
            defer { main.window.destroy() }
            main.browser.load("\(base)/unasked")
            XCTAssertTrue(Self.clickNoticeButton(main, window, "Save"), "asked, with Save")
            let saved = "Downloaded “report.bin” (300.0 kB) to \(folder.path)."
            XCTAssertTrue(MainLoop.run(until: { main.window.presentedDescendants().contains { $0.hasLabel(saved) } }, timeout: 15),
                          "saved after Save: \(main.browser.noticeText ?? "no notice")")
            // A click on a link that the server redirects to the file is still a click: no question.
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/redirect-page", title: "Files"))
            MainLoop.run(until: { !main.browser.isAnimating }, timeout: 3)
            try Self.clickLink(main, window)
            let second = "Downloaded “report (1).bin” (300.0 kB) to \(folder.path)."
            XCTAssertTrue(MainLoop.run(until: { main.window.presentedDescendants().contains { $0.hasLabel(second) } }, timeout: 15),
                          "saved at once: \(main.browser.noticeText ?? "no notice")")
        }
        XCTAssertEqual(files(in: folder), ["report (1).bin", "report.bin"])
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("report.bin")), Data(Self.served))
    }

    /// The toolbar's Downloads button appears with the first download; its list shows the download
    /// running, and its Cancel stops it and leaves no partial file.
    func testTheDownloadsListShowsProgressAndCancelStopsTheDownload() throws {
        setenv("SKIFF_DOWNLOAD_DIR", folder.path, 1)
        let base = server.base, folder = self.folder!
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Downloads List", showing: "\(base)/slow-page", pageTitle: "Files")
            defer { main.window.destroy() }
            @MainActor func presented(_ label: String) -> PresentedAccessible? {
                main.window.presentedDescendants().first { $0.hasLabel(label) }
            }
            XCTAssertNil(presented("Downloads"), "no Downloads button before the first download")
            try Self.clickLink(main, window)
            XCTAssertTrue(MainLoop.run(until: { presented("Downloads") != nil }, timeout: 10), "the button appears")
            let button = try XCTUnwrap(main.window.settledDescendant { $0.hasLabel("Downloads") })
            XDoTool.click(window: window, x: button.surfaceCentre.x, y: button.surfaceCentre.y)
            XCTAssertTrue(MainLoop.run(until: { presented("Cancel download of slow.bin") != nil }, timeout: 5), "the list shows it running")
            XCTAssertTrue(MainLoop.run(until: { main.window.presentedDescendants().contains { $0.role == GTK_ACCESSIBLE_ROLE_PROGRESS_BAR && $0.width > 0 } }, timeout: 5),
                          "with a progress bar")
            // The list grows as its rows fill in: the button is found again for each try (a loaded
            // machine may still be laying the popover out when the first click lands).
            var cancelled = false
            for _ in 0..<3 where !cancelled {
                let cancel = try XCTUnwrap(main.window.settledDescendant { $0.hasLabel("Cancel download of slow.bin") })
                XDoTool.click(window: window, x: cancel.surfaceCentre.x, y: cancel.surfaceCentre.y)
                cancelled = MainLoop.run(until: { presented("Cancelled") != nil }, timeout: 2)
            }
            XCTAssertTrue(cancelled, "the row says Cancelled")
            XCTAssertNil(main.browser.noticeText, "a download the user cancelled is not reported as a failure")
            // Closed as a user would: an open popover's grab would otherwise outlive the window.
            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(MainLoop.run(until: { presented("Cancelled") == nil }, timeout: 5), "the list closes")
            // WebKit's network process lets go of the file a moment after the cancel is reported.
            MainLoop.run(until: { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).isEmpty }, timeout: 5)
        }
        XCTAssertEqual(files(in: folder), [], "no partial file left")
    }

    /// A download of unknown size is stopped when the disk reaches its reserve, before it is full.
    func testADownloadOfUnknownSizeStopsAtTheReserve() throws {
        let disk = try SmallFilesystem(size: 4 << 20)
        defer { disk.remove() }
        XCTAssertTrue(disk.isRealFilesystem, "a small disk needs a tmpfs, which needs root (CI runs as root)")
        setenv("SKIFF_DOWNLOAD_DIR", disk.url.path, 1)
        let base = server.base
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Downloads Reserve", showing: "\(base)/growing-page", pageTitle: "Files")
            defer { main.window.destroy() }
            try Self.clickLink(main, window)
            XCTAssertTrue(MainLoop.run(until: { main.browser.noticeText != nil }, timeout: 20))
            let text = main.browser.noticeText ?? ""
            XCTAssertTrue(text.hasPrefix("“growing.bin” could not be downloaded: the disk is nearly full ("), text)
        }
        XCTAssertEqual(files(in: disk.url), [], "no partial file left behind")
    }

    /// A download the server cuts short is told with that reason, leaves nothing, and its Retry in
    /// the list downloads it again, whole this time, without asking.
    func testACutConnectionIsToldAndRetryDownloadsTheFileWhole() throws {
        setenv("SKIFF_DOWNLOAD_DIR", folder.path, 1)
        let base = server.base, folder = self.folder!, server = self.server!
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Downloads Retry", showing: "\(base)/cut-page", pageTitle: "Files")
            defer { main.window.destroy() }
            @MainActor func presented(_ label: String) -> PresentedAccessible? {
                main.window.presentedDescendants().first { $0.hasLabel(label) }
            }
            try Self.clickLink(main, window)
            XCTAssertTrue(MainLoop.run(until: { main.browser.noticeText != nil }, timeout: 15))
            let text = main.browser.noticeText ?? ""
            XCTAssertTrue(text.hasPrefix("“cut.bin” could not be downloaded: the server cut the connection ("), text)
            XCTAssertEqual(((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []), [], "nothing kept of it")
            // The server works again; Retry in the list.
            var whole = TestHTTPServer.Response(contentType: "application/octet-stream", bytes: Self.served,
                                                headers: ["Content-Disposition: attachment; filename=\"cut.bin\""])
            whole.sendsLength = true
            server.setResponse(whole, for: "/cut")
            let button = try XCTUnwrap(presented("Downloads"))
            XDoTool.click(window: window, x: button.surfaceCentre.x, y: button.surfaceCentre.y)
            try Self.retry(main, window, "cut.bin", savedTo: folder.path)
        }
        XCTAssertEqual(files(in: folder), ["cut.bin"])
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("cut.bin")), Data(Self.served))
    }

    /// With the downloads list open: clicks the failed `name`'s Retry for real, and waits until the
    /// notice says it was saved (300 kB) to `folder` — with no question asked.
    @MainActor
    private static func retry(_ main: MainWindow, _ window: String, _ name: String, savedTo folder: String) throws {
        @MainActor func presented(_ label: String) -> PresentedAccessible? {
            main.window.presentedDescendants().first { $0.hasLabel(label) }
        }
        let retry = try XCTUnwrap(main.window.settledDescendant { $0.hasLabel("Retry download of \(name)") }, "Retry is offered")
        XDoTool.click(window: window, x: retry.surfaceCentre.x, y: retry.surfaceCentre.y)
        let saved = "Downloaded “\(name)” (300.0 kB) to \(folder)."
        XCTAssertTrue(MainLoop.run(until: { presented(saved) != nil }, timeout: 10),
                      "downloaded again, with no question: \(main.browser.noticeText ?? "no notice")")
        XDoTool.run(["key", "Escape"])
        XCTAssertTrue(MainLoop.run(until: { !main.window.presentedDescendants().contains { $0.label?.hasPrefix("\(name): ") == true } }, timeout: 5),
                      "the list closes")
    }

    /// A download refused for a full disk is told and leaves nothing; once room is made, its Retry in
    /// the list (opened with Ctrl+Shift+Y) saves it whole (a failure that is not the network's can be mended by the user too).
    func testAfterAFullDiskIsClearedRetrySavesTheFile() throws {
        let disk = try fullDownloadsDisk(size: 1 << 20)
        defer { disk.remove() }
        let base = server.base, diskPath = disk.url.path
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Downloads Retry Full", showing: "\(base)/page", pageTitle: "Files")
            defer { main.window.destroy() }
            try Self.clickLink(main, window)
            XCTAssertTrue(MainLoop.run(until: { main.browser.noticeText != nil }, timeout: 15))
            XCTAssertTrue(main.browser.noticeText?.hasPrefix("“report.bin” could not be downloaded: ") == true, main.browser.noticeText ?? "")
            XCTAssertEqual(((try? FileManager.default.contentsOfDirectory(atPath: diskPath)) ?? []).filter { $0 != "lost+found" }, ["filler"],
                           "nothing kept of it")
            disk.free()
            // The list from the keyboard (Ctrl+Shift+Y, as the main menu's Downloads does).
            XDoTool.run(["key", "--clearmodifiers", "ctrl+shift+y"])
            try Self.retry(main, window, "report.bin", savedTo: diskPath)
        }
        XCTAssertEqual(files(in: disk.url), ["report.bin"])
        XCTAssertEqual(try Data(contentsOf: disk.url.appendingPathComponent("report.bin")), Data(Self.served))
    }

    /// The share of colourful (saturated: the accent's) pixels on the toolbar's Downloads button, from a screenshot.
    @MainActor
    private static func colourOnDownloadsButton(_ main: MainWindow, _ window: String) throws -> Double {
        let button = try XCTUnwrap(main.window.presentedDescendants().first { $0.hasLabel("Downloads") })
        let region = "\(Int(button.width))x\(Int(button.height))+\(Int(button.surfaceCentre.x - button.width / 2))+\(Int(button.surfaceCentre.y - button.height / 2))"
        let shot = try Screenshot.capture(window: window, settling: 0.3)
        defer { shot.remove() }
        return try XCTUnwrap(shot.colourfulFraction(in: region))
    }

    /// While a file downloads, the toolbar's Downloads button wears a progress ring in the theme's
    /// accent, named "Downloading, N %" for screen readers; once it is done the ring is gone.
    func testTheDownloadsButtonShowsAProgressRingWhileAFileDownloads() throws {
        setenv("SKIFF_DOWNLOAD_DIR", folder.path, 1)
        let base = server.base, folder = self.folder!
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Downloads Ring", showing: "\(base)/ring-page", pageTitle: "Files")
            defer { main.window.destroy() }
            @MainActor func ring() -> PresentedAccessible? {
                main.window.presentedDescendants().first { item in
                    item.role == GTK_ACCESSIBLE_ROLE_PROGRESS_BAR && (1..<100).contains { item.hasLabel("Downloading, \($0) %") }
                }
            }
            @MainActor func colourOnButton() throws -> Double { try Self.colourOnDownloadsButton(main, window) }
            try Self.clickLink(main, window)
            XCTAssertTrue(MainLoop.run(until: { ring() != nil }, timeout: 10), "a ring named “Downloading, N %” while it runs")
            XCTAssertGreaterThan(try colourOnButton(), 0.01, "the ring is drawn in the accent colour")
            let saved = "Downloaded “ring.bin” (2.1 MB) to \(folder.path)."
            XCTAssertTrue(MainLoop.run(until: { main.window.presentedDescendants().contains { $0.hasLabel(saved) } }, timeout: 30),
                          "it finishes: \(main.browser.noticeText ?? "no notice")")
            XCTAssertNil(ring(), "no ring once nothing downloads")
            XCTAssertLessThan(try colourOnButton(), 0.005, "and none drawn")
        }
    }

    /// The ring follows the bytes as they come (it is redrawn with the list, docs/downloads.md): from
    /// a server that sends the file slowly, its name read over time says more and more ("Downloading,
    /// 12 %", "…, 31 %", …) and the accent arc drawn round the icon grows. No timing is asserted.
    func testTheProgressRingFollowsTheBytesAsTheyCome() throws {
        setenv("SKIFF_DOWNLOAD_DIR", folder.path, 1)
        let base = server.base, folder = self.folder!
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Downloads Ring Moves", showing: "\(base)/paced-page", pageTitle: "Files")
            defer { main.window.destroy() }
            @MainActor func percent() -> Int? {
                for item in main.window.presentedDescendants() where item.role == GTK_ACCESSIBLE_ROLE_PROGRESS_BAR {
                    if let n = (0...100).first(where: { item.hasLabel("Downloading, \($0) %") }) { return n }
                }
                return nil
            }
            @MainActor func accentOnButton() throws -> Double { try Self.colourOnDownloadsButton(main, window) }
            try Self.clickLink(main, window)
            XCTAssertTrue(MainLoop.run(until: { (percent() ?? 0) >= 15 }, timeout: 30), "the ring says 15 % or more: \(percent().map { "\($0) %" } ?? "no ring")")
            let early = try accentOnButton(), earlyPercent = percent() ?? 0
            XCTAssertTrue(MainLoop.run(until: { (percent() ?? 0) >= 60 }, timeout: 60), "the ring says 60 % or more: \(percent().map { "\($0) %" } ?? "no ring")")
            let late = try accentOnButton(), latePercent = percent() ?? 0
            XCTAssertGreaterThan(late, early * 1.5, "the accent arc grew from about \(earlyPercent) % to about \(latePercent) % of the circle (\(early) → \(late) of the button)")
            // Read as it comes: the name takes many values on its way, never going back.
            var seen: [Int] = []
            let saved = "Downloaded “paced.bin” (2.1 MB) to \(folder.path)."
            XCTAssertTrue(MainLoop.run(until: {
                if let n = percent(), n != seen.last { seen.append(n) }
                return main.window.presentedDescendants().contains { $0.hasLabel(saved) }
            }, timeout: 60), "it finishes: \(main.browser.noticeText ?? "no notice")")
            XCTAssertGreaterThanOrEqual(seen.count, 5, "the ring's value changed as bytes came: \(seen)")
            XCTAssertEqual(seen, seen.sorted(), "and only went up: \(seen)")
        }
    }

    /// "Ask where to save": a clicked download opens the save dialog on the Downloads folder with the
    /// file's name; a name typed there (real keys) is where the file lands, whole; Escape in the
    /// dialog cancels the download and leaves nothing.
    func testAskWhereToSaveOpensTheSaveDialogAndTheFileGoesWhereItSays() throws {
        setenv("SKIFF_DOWNLOAD_DIR", folder.path, 1)
        let base = server.base, folder = self.folder!
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Downloads Ask", showing: "\(base)/page", pageTitle: "Files")
            defer { main.window.destroy() }
            main.browser.downloads.asksWhereToSave = true
            try Self.clickLink(main, window)
            try XDoTool.answerFileDialog("Save “report.bin”", typing: "chosen.bin")
            let saved = "Downloaded “chosen.bin” (300.0 kB) to \(folder.path)."
            XCTAssertTrue(MainLoop.run(until: { main.window.presentedDescendants().contains { $0.hasLabel(saved) } }, timeout: 15),
                          "saved under the name typed: \(main.browser.noticeText ?? "no notice")")

            // Again, and Escape: cancelled, nothing written.
            XDoTool.run(["windowfocus", "--sync", window])
            XCTAssertTrue(MainLoop.run(until: { main.window.isActive }, timeout: 5), "the browser's window is back in front")
            try Self.clickLink(main, window)
            let second = try XCTUnwrap(XDoTool.window(named: "Save “report.bin”", timeout: 15), "asked again")
            XDoTool.run(["windowfocus", "--sync", second])
            XCTAssertTrue(InProcessDialog.waitUntilActive("Save “report.bin”"), "the dialog takes the keys")
            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(MainLoop.run(until: { XDoTool.window(named: "Save “report.bin”", timeout: 0.2) == nil }, timeout: 10), "the dialog closes")
            XCTAssertTrue(MainLoop.holds(for: 1) { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []) == ["chosen.bin"] },
                          "nothing written after the Escape")
        }
        XCTAssertEqual(files(in: folder), ["chosen.bin"], "the cancelled one left nothing")
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("chosen.bin")), Data(Self.served))
    }
}
