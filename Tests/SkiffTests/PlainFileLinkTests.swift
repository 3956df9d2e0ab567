import Browser
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// Links to files on a site served as most are (`python3 -m http.server`: no Content-Disposition,
/// the type guessed from the file name): a click saves the file, as GNOME Web does, with the same
/// notice as any download; a type WebKit can show is shown, not saved. WebKit's own default
/// *ignores* such a response, so before this the click did nothing at all (issue 33).
final class PlainFileLinkTests: XCTestCase {
    var site: URL!
    var server: PlainFileServer!
    var downloads: TestDownloadsFolder!
    /// Bytes that are no text (a NUL and every byte value), so no sniffing takes them for text.
    static let binary: [UInt8] = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ ($0 >> 9)) }

    /// Each file the page links to, at its own height in the page, and the type Python serves it with.
    static let links: [(name: String, y: Double, served: String)] = [
        ("archive.zip", 40, "application/zip"),
        ("source.tar.gz", 140, "application/x-tar or application/gzip"),
        ("blob.bin", 240, "application/octet-stream"),
        ("readme.txt", 340, "text/plain"),
    ]

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        site = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-plain-site-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        var page = "<!doctype html><title>Files</title><body style='margin:0'>"
        for link in Self.links {
            page += "<a href='\(link.name)' style='position:absolute;left:0;top:\(Int(link.y) - 40)px;width:400px;height:90px;background:#cde'>\(link.name)</a>"
            let bytes = link.name.hasSuffix(".txt") ? Array("Plain words, shown in the tab.\n".utf8) : Self.binary
            try Data(bytes).write(to: site.appendingPathComponent(link.name))
        }
        try Data(page.utf8).write(to: site.appendingPathComponent("files.html"))
        server = try PlainFileServer(folder: site)
        downloads = try TestDownloadsFolder("skiff-plain-downloads")
    }

    override func tearDown() {
        server?.stop()
        downloads?.remove()
        if let site { try? FileManager.default.removeItem(at: site) }
    }

    func testAClickOnALinkToAFileSavesItWithItsNoticeAndAPlainTextFileIsShown() throws {
        let base = server.base, downloads = self.downloads!
        nonisolated(unsafe) let server = self.server!
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Plain File Links", showing: "\(base)/files.html", pageTitle: "Files")
            defer { main.window.destroy() }
            for link in Self.links where !link.name.hasSuffix(".txt") {
                try BrowserTestWindow.clickLink(main, window: window, atPageX: 150, y: link.y)
                let notice = "Downloaded “\(link.name)”"
                XCTAssertTrue(MainLoop.run(until: {
                    main.window.presentedDescendants().contains { $0.labelText?.hasPrefix(notice) == true }
                }, timeout: 20), "\(link.name) (\(link.served)): the notice is presented; the server saw \(server.requestedPaths)")
                XCTAssertEqual(try? Data(contentsOf: downloads.url.appendingPathComponent(link.name)), Data(Self.binary),
                               "\(link.name): the served bytes are in the Downloads folder")
                XCTAssertEqual(main.shownTitle, "Files", "\(link.name): the page stays")
            }
            XCTAssertEqual(downloads.files, ["archive.zip", "blob.bin", "source.tar.gz"], "no partial file left")

            // Text WebKit shows is shown in the tab, not saved.
            let text = try XCTUnwrap(Self.links.first { $0.name == "readme.txt" })
            try BrowserTestWindow.clickLink(main, window: window, atPageX: 150, y: text.y)
            XCTAssertTrue(MainLoop.run(until: { main.browser.state.uri?.hasSuffix("/readme.txt") == true && !main.browser.showsLoading }, timeout: 15),
                          "the text file opened in the tab: \(main.browser.state.uri ?? "")")
            XCTAssertEqual(downloads.files, ["archive.zip", "blob.bin", "source.tar.gz"], "and nothing was saved for it")
        }
        XCTAssertEqual(server.requestedPaths.filter { $0 != "/favicon.ico" },
                       ["/files.html", "/archive.zip", "/source.tar.gz", "/blob.bin", "/readme.txt"], "each file asked for once")
    }
}
