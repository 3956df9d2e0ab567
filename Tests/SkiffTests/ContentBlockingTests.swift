import Browser
import ContentFilters
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// Content blocking as a user gets it (docs/content-blocking.md): a page whose ads and trackers
/// come from other hosts loads through a loopback proxy set on the window's network session, which
/// logs every request. The blocked ones never reach it, the page's own do, and once the site is
/// allowed in the security popover they all do. The lists are `tools/test-env.sh`'s test list
/// (Tests/Fixtures/filters/test-list.txt) and, once, Debian's real EasyList and EasyPrivacy.
final class ContentBlockingTests: XCTestCase {
    var proxy: TestHTTPServer!
    static let page = "http://skiff-news.example/"
    static let ad = "http://ads.skiff-ads.example/banner.png"
    static let tracker = "http://skiff-tracker.example/t.js"
    static let banner = "http://cdn.skiff-cdn.example/skiff-test-banner.gif"
    static let own = "http://skiff-news.example/photo.png"
    static let doubleClick = "http://ad.doubleclick.net/ddm/ad.js"

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        let png: [UInt8] = Array(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==") ?? Data())
        // The page says in its title whether the elements hiding rules name are shown, once loaded: a
        // rule for every site, one for this site, one for all sites but another, one for another site,
        // and one for an element the page's script adds and then names.
        let body = """
            <title>News</title>
            <div class="skiff-test-ad" id="ad">An ad</div>
            <div class="skiff-test-site-ad" id="site">This site's ad</div>
            <div class="skiff-test-unless-ad" id="unless">An ad hidden but on another site</div>
            <div class="skiff-test-other-ad" id="other">Another site's ad</div>
            <img src="\(Self.own)"><img src="\(Self.ad)"><img src="\(Self.banner)">
            <script src="\(Self.tracker)"></script><script src="\(Self.doubleClick)"></script>
            <script>
              // Read again and again: hiding by class comes once Skiff has seen the page's classes.
              const shown = (id) => getComputedStyle(document.getElementById(id) || document.getElementById(id + '-ad')).display;
              const report = () => { document.title = 'News: ad ' + ['ad', 'site', 'unless', 'other', 'skiff-test-late'].map(shown).join(' '); };
              window.addEventListener('load', () => {
                // An ad the page's script adds later, by an id no element had before.
                const late = document.createElement('div');
                late.textContent = 'A late ad';
                late.id = 'skiff-test-late';
                document.body.appendChild(late);
                setTimeout(() => { late.id = 'skiff-test-late-ad'; }, 100);
                report();
                setInterval(report, 50);
              });
            </script>
            """
        proxy = try TestHTTPServer(routes: [
            Self.page: .init(body: body),
            Self.own: .init(contentType: "image/png", bytes: png),
            Self.ad: .init(contentType: "image/png", bytes: png),
            Self.banner: .init(contentType: "image/gif", bytes: png),
            Self.tracker: .init(contentType: "text/javascript", body: "var tracked = 1;"),
            Self.doubleClick: .init(contentType: "text/javascript", body: "var served = 1;"),
        ])
    }

    override func tearDown() {
        proxy?.stop()
    }

    /// Whether the proxy was asked for `uri`: the request left WebKit.
    private static func asked(_ uri: String, _ proxy: TestHTTPServer) -> Bool { proxy.requests.contains { $0.target == uri } }

    /// Opens a window whose session goes through the proxy, with `blocker` ready.
    @MainActor
    private static func openWindow(_ title: String, proxy port: UInt16, blocker: ContentBlocker = .shared, isPrivate: Bool = true) throws -> (MainWindow, String) {
        let previous = ContentBlocker.shared
        ContentBlocker.shared = blocker
        defer { ContentBlocker.shared = previous }
        let (main, id) = try BrowserTestWindow.open(title, isPrivate: isPrivate)
        // Waiting for the precondition (the filters compiled), read from the blocker: GTK shows nothing of it.
        XCTAssertTrue(MainLoop.run(until: { blocker.status == .ready }, timeout: 90), "filters ready: \(blocker.status)")
        try XCTUnwrap(main.browser.webView?.networkSession).useProxy("http://127.0.0.1:\(port)")
        return (main, id)
    }

    func testBlockedRequestsNeverArriveAndAnAllowedSiteGetsThemAll() throws {
        let port = proxy.port
        let server: TestHTTPServer = proxy
        let asked: @Sendable (String) -> Bool = { Self.asked($0, server) }
        try MainActor.assumeIsolated {
            // Not private: WebKit gives a private window's console messages, the content blocker's among
            // them, to nothing (so its pages have no count). The process's shared session gets the proxy
            // for this test only.
            let (main, id) = try Self.openWindow("Content Blocking", proxy: port, isPrivate: false)
            defer {
                main.browser.webView?.networkSession?.useProxy(nil)
                BrowserTestWindow.destroy(main.window)
            }
            // An address of this run's own: WebKit's disk cache (the shared session keeps one in HOME)
            // fetches ahead, past the content blocker, what a page at the same address loaded before —
            // here, last run's, once its site was allowed.
            let page = Self.page + "?run=\(UUID().uuidString)"
            XCTAssertTrue(BrowserTestWindow.load(main, page, title: "News: ad none none none block none"),
                          "the page loads, its ads hidden, the other site's not: \(main.window.title)")
            XCTAssertTrue(asked(Self.own), "the page's own picture arrives")
            for blocked in [Self.ad, Self.tracker, Self.banner] {
                XCTAssertFalse(asked(blocked), "\(blocked) is blocked before it leaves WebKit")
            }

            // Ctrl+I opens the security popover; its switch allows the site, and the page reloads.
            XDoTool.run(["windowfocus", "--sync", id])
            XDoTool.run(["key", "--clearmodifiers", "ctrl+i"])
            let label = "Allow Ads and Trackers on This Site"
            var check: PresentedAccessible?
            XCTAssertTrue(MainLoop.run(until: {
                check = main.window.presentedDescendants().first { $0.isCheckBox && $0.hasLabel(label) && $0.width > 0 }
                return check != nil
            }, timeout: 5), "the popover offers to allow the site")
            XCTAssertTrue(try XCTUnwrap(check).state(.checked, is: false))
            // The ad, the banner and the tracker: counted in the web process (Skiff's extension) and shown.
            let count = "3 requests were blocked on this page."
            XCTAssertTrue(MainLoop.run(until: { main.window.presentedDescendants().contains { $0.labelText == count } }, timeout: 10),
                          "the popover says how many were blocked: \(main.window.presentedDescendants().compactMap(\.labelText).filter { $0.contains("blocked") })")
            XDoTool.click(window: id, x: try XCTUnwrap(check).surfaceCentre.x, y: try XCTUnwrap(check).surfaceCentre.y)
            XCTAssertTrue(MainLoop.run(until: { [Self.ad, Self.tracker, Self.banner].allSatisfy(asked) }, timeout: 20),
                          "with the site allowed every request arrives")
            XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "News: ad block block block block block" }, timeout: 20), "and the ads are shown: \(main.window.title)")
        }
    }

    /// In a helper process (`skiff --compile-content-filters`, as the app does) and, where no `skiff`
    /// is found, in this one: the store on disk is made once, loaded by later starts, and made again,
    /// the old chunk removed, when the list file changes.
    func testTheCompiledFiltersAreMadeOnceAndLoadedOnLaterStarts() throws {
        try MainActor.assumeIsolated {
            let helper = try XCTUnwrap(ContentBlocker.compilerExecutable(), "swift build makes .build/debug/skiff beside the tests")
            for compiler in [helper, nil] as [URL?] {
                try Self.compileOnceLoadLater(compiler: compiler, expected: compiler == nil ? "compile here" : "compile in helper")
            }
        }
    }

    @MainActor
    private static func compileOnceLoadLater(compiler: URL?, expected plan: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-filters-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("list.txt")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "||ads.skiff-ads.example^\n##.skiff-test-ad\n".write(to: list, atomically: true, encoding: .utf8)
        let store = folder.appendingPathComponent("store")
        func start() -> ContentBlocker {
            let blocker = ContentBlocker(folder: store, compiler: compiler) { [FilterLists.describe(name: "Mine", path: list.path)].compactMap { $0 } }
            blocker.isEnabled = true
            XCTAssertTrue(MainLoop.run(until: { blocker.status == .ready }, timeout: 60), "ready: \(blocker.status)")
            return blocker
        }
        func compiledFiles() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: store.path)) ?? []).filter { $0 != CompiledFilters.fileName }.sorted()
        }
        let first = start()
        XCTAssertEqual(first.lastPreparation?.plan, plan)
        XCTAssertEqual(first.filters.count, 1)
        let made = compiledFiles()
        XCTAssertEqual(made.count, 2, "one compiled list and its hiding rules in the folder: \(made)")
        XCTAssertEqual(made.filter { $0.hasPrefix("skiff-hiding-") }.count, 1, "\(made)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: store.appendingPathComponent(CompiledFilters.fileName).path))

        let second = start()
        XCTAssertEqual(second.lastPreparation?.plan, "load", "a later start loads what was compiled")
        XCTAssertEqual(compiledFiles(), made)

        // The list changes (a package update writes a new file): compiled again, the old one removed.
        try FileManager.default.removeItem(at: list)
        try "||ads.skiff-ads.example^\n||more.skiff-ads.example^\n##.skiff-test-ad\n".write(to: list, atomically: true, encoding: .utf8)
        let third = start()
        XCTAssertEqual(third.lastPreparation?.plan, plan)
        XCTAssertTrue(MainLoop.run(until: { compiledFiles().count == 2 && Set(compiledFiles()).isDisjoint(with: made) }, timeout: 10),
                      "only the new compiled list and its hiding rules are left: \(compiledFiles())")
    }

    func testPreferencesListTheListsInUse() throws {
        let port = proxy.port
        try MainActor.assumeIsolated {
            let (main, _) = try Self.openWindow("Content Blocking Preferences", proxy: port)
            defer { BrowserTestWindow.destroy(main.window) }
            XDoTool.run(["key", "--clearmodifiers", "ctrl+comma"])
            var preferences: Window?
            XCTAssertTrue(MainLoop.run(until: { preferences = main.preferencesWindowForTests; return preferences != nil }, timeout: 5), "Ctrl+, opens Preferences")
            let window = try XCTUnwrap(preferences)
            defer { window.destroy() }
            XCTAssertTrue(MainLoop.run(until: {
                window.presentedDescendants().contains { $0.isCheckBox && $0.hasLabel("Block ads and trackers") && $0.state(.checked, is: true) }
            }, timeout: 5), "the switch is on")
            XCTAssertTrue(MainLoop.run(until: {
                window.presentedDescendants().contains { ($0.label ?? "").hasPrefix("test-list: 8 rules, list of ") }
            }, timeout: 5), "the list, its rules and its date: \(window.presentedDescendants().compactMap(\.label))")
        }
    }

    /// Debian's EasyList and EasyPrivacy, compiled for real (about 8 s, once): a DoubleClick script
    /// never leaves WebKit.
    func testDebiansEasyListBlocksDoubleClick() throws {
        let port = proxy.port
        let server: TestHTTPServer = proxy
        let asked: @Sendable (String) -> Bool = { Self.asked($0, server) }
        try MainActor.assumeIsolated {
            XCTAssertFalse(FilterLists.installed().isEmpty, "tools/setup.sh installs webext-ublock-origin-chromium")
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-easylist-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let blocker = ContentBlocker(folder: folder) { FilterLists.installed() }
            let (main, _) = try Self.openWindow("Content Blocking EasyList", proxy: port, blocker: blocker)
            defer { BrowserTestWindow.destroy(main.window) }
            XCTAssertTrue(BrowserTestWindow.load(main, Self.page, title: "News: ad block block block block block"), "the page loads, nothing of it hidden: \(main.window.title)")
            XCTAssertTrue(asked(Self.own))
            XCTAssertFalse(asked(Self.doubleClick), "EasyList blocks ad.doubleclick.net")
            XCTAssertTrue(asked(Self.ad), "the test list's own hosts are not EasyList's")
        }
    }
}
