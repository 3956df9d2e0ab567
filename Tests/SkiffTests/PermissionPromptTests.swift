import Browser
import BrowserModel
import BrowserStore
import CGtk
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// A page asks for the location: the prompt names the site (read from the accessibility tree),
/// a real click on Deny reaches the page as "denied", and the decision is remembered for the site
/// in the browser's database; Preferences lists it and Remove makes the site ask again; Allow
/// reaches the page as allowed; a private window denies without asking.
final class PermissionPromptTests: XCTestCase {
    var server: TestHTTPServer!
    var home: URL!

    private var locations: DataLocations {
        DataLocations(dataDirectory: home.appendingPathComponent("skiff"), stateDirectory: home.appendingPathComponent("state"))
    }

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        // Asked on a click.
        let ask = "<button style='position:fixed;left:0;top:0;width:600px;height:300px' onclick=\"navigator.geolocation.getCurrentPosition(() => { document.title = 'location: granted' }, e => { document.title = 'location: ' + (e.code == 1 ? 'denied' : 'error ' + e.code) })\">Ask</button>"
        server = try TestHTTPServer(routes: [
            "/ask": .init(body: "<title>Asking</title>\(ask)"),
            "/again": .init(body: "<title>Asking again</title>\(ask)"),
            "/notify": .init(body: "<title>Notify</title><button style='position:fixed;left:0;top:0;width:600px;height:300px' onclick=\"Notification.requestPermission().then(p => { document.title = 'notifications: ' + p })\">Ask</button>"),
        ])
        home = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-permissions-\(UUID().uuidString)")
    }

    override func tearDown() {
        server?.stop()
        if let home { try? FileManager.default.removeItem(at: home) }
    }

    /// The answers in the database file, read with sqlite3 (not through Skiff).
    private static func rows(in database: URL) throws -> String {
        try SQLiteFile.rows(database, "SELECT site || ' ' || kind || ' ' || decision FROM sitePermissions")
    }

    /// Loads the page and clicks its Ask button, as a user would, once the page has been drawn.
    @MainActor
    private static func loadAndAsk(_ main: MainWindow, _ window: String, _ uri: String, title: String) -> Bool {
        guard BrowserTestWindow.load(main, uri, title: title), let page = main.browser.webView, MainLoop.runUntilPainted(page) else { return false }
        XDoTool.click(window: window, x: 200, y: 150)
        return true
    }

    /// The prompt has slid all the way in: its Deny button sits centred in the bar (the bar's 1 px
    /// bottom border aside). While the bar slides down, the row is still partly above it.
    @MainActor
    private static func promptIn(_ main: MainWindow) -> Bool {
        let nodes = main.browser.root.presentedDescendants()
        guard let bar = nodes.first(where: { $0.hasLabel("Permission request") }),
              let deny = nodes.first(where: { $0.isButton && $0.hasLabel("Deny") }), deny.height > 0 else { return false }
        let above = deny.y - bar.y, below = bar.y + bar.height - deny.y - deny.height
        return above > 0 && abs(above - below) <= 1.5
    }

    @MainActor
    private static func click(_ label: String, in main: MainWindow, window: String) -> Bool {
        guard let button = main.browser.root.presentedDescendants().first(where: { $0.isButton && $0.hasLabel(label) }) else { return false }
        XDoTool.click(window: window, x: button.surfaceCentre.x, y: button.surfaceCentre.y)
        return true
    }

    func testDenyReachesThePageAndIsRememberedForTheSite() throws {
        let base = server.base
        let site = base.replacingOccurrences(of: "http://", with: "")
        let locations = self.locations
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Permission Prompt", persistence: BrowserPersistence.open(locations: locations))
            defer { BrowserTestWindow.destroy(main.window) }
            let question = PermissionKind.location.question(site: site)
            let asking = { main.browser.root.presentedDescendants().contains { $0.hasLabel(question) } }
            XCTAssertTrue(Self.loadAndAsk(main, window, "\(base)/ask", title: "Asking"))
            XCTAssertTrue(MainLoop.run(until: asking, timeout: 10), "the prompt asks “\(question)”")
            XCTAssertEqual(main.shownTitle, "Asking", "nothing is decided before the answer")
            XCTAssertTrue(MainLoop.run(until: { Self.promptIn(main) }, timeout: 5), "the prompt slid in")
            XCTAssertTrue(Self.click("Deny", in: main, window: window))
            XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "location: denied" }, timeout: 10),
                          "the page was told: “\(main.shownTitle ?? "")”")
            XCTAssertTrue(Self.loadAndAsk(main, window, "\(base)/again", title: "Asking again"))
            XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "location: denied" }, timeout: 10), "remembered: not asked again")
            XCTAssertFalse(asking())
        }
    }

    func testAllowReachesThePageAndIsRememberedForTheSite() throws {
        let base = server.base
        let site = base.replacingOccurrences(of: "http://", with: "")
        let locations = self.locations
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Permission Allow", persistence: BrowserPersistence.open(locations: locations))
            defer { BrowserTestWindow.destroy(main.window) }
            let question = PermissionKind.location.question(site: site)
            let asking = { main.browser.root.presentedDescendants().contains { $0.hasLabel(question) } }
            XCTAssertTrue(Self.loadAndAsk(main, window, "\(base)/ask", title: "Asking"))
            XCTAssertTrue(MainLoop.run(until: asking, timeout: 10), "asked")
            XCTAssertTrue(MainLoop.run(until: { Self.promptIn(main) }, timeout: 5), "the prompt slid in")
            XCTAssertTrue(Self.click("Allow", in: main, window: window))
            // Allowed: the page gets a position or, with no location service here, "unavailable" — not "denied".
            XCTAssertTrue(MainLoop.run(until: { (main.shownTitle ?? "").hasPrefix("location: ") }, timeout: 15))
            XCTAssertNotEqual(main.shownTitle, "location: denied", "Allow reached the page")
            XCTAssertTrue(Self.loadAndAsk(main, window, "\(base)/again", title: "Asking again"))
            XCTAssertTrue(MainLoop.run(until: { (main.shownTitle ?? "").hasPrefix("location: ") }, timeout: 15))
            XCTAssertNotEqual(main.shownTitle, "location: denied", "remembered as allowed")
            XCTAssertFalse(asking(), "not asked again")
        }
    }

    /// A private window never asks: the page is denied, and nothing is written anywhere.
    func testAPrivateWindowDeniesWithoutAsking() throws {
        let base = server.base
        let site = base.replacingOccurrences(of: "http://", with: "")
        let locations = self.locations
        try MainActor.assumeIsolated {
            // Handed the profile's database as a window beside the main one could be: it still writes nothing.
            let (main, window) = try BrowserTestWindow.open("Permission Private", persistence: BrowserPersistence.open(locations: locations), isPrivate: true)
            defer { BrowserTestWindow.destroy(main.window) }
            let question = PermissionKind.location.question(site: site)
            XCTAssertTrue(Self.loadAndAsk(main, window, "\(base)/ask", title: "Asking"))
            XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "location: denied" }, timeout: 10),
                          "denied without a word: “\(main.shownTitle ?? "")”")
            XCTAssertFalse(main.browser.root.presentedDescendants().contains { $0.hasLabel(question) }, "no question asked")
        }
        XCTAssertEqual(try Self.rows(in: locations.browserDatabase), "", "nothing written")
    }

    /// Deny is kept in the database; a reload is denied with no prompt; Preferences lists the answer
    /// and its Remove (pressed from the keyboard) makes the site ask again.
    func testARememberedAnswerIsListedInPreferencesAndRemoveAsksAgain() throws {
        let base = server.base
        let site = base.replacingOccurrences(of: "http://", with: "")
        let locations = self.locations
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Permission Preferences", persistence: BrowserPersistence.open(locations: locations))
            defer {
                main.preferencesWindowForTests?.destroy()
                BrowserTestWindow.destroy(main.window)
            }
            let question = PermissionKind.location.question(site: site)
            let asking = { main.browser.root.presentedDescendants().contains { $0.hasLabel(question) } }
            XCTAssertTrue(Self.loadAndAsk(main, window, "\(base)/ask", title: "Asking"))
            XCTAssertTrue(MainLoop.run(until: asking, timeout: 10))
            XCTAssertTrue(MainLoop.run(until: { Self.promptIn(main) }, timeout: 5), "the prompt slid in")
            XCTAssertTrue(Self.click("Deny", in: main, window: window))
            XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "location: denied" }, timeout: 10))
            XCTAssertEqual(try Self.rows(in: locations.browserDatabase), "\(site) location deny", "kept in the database")
            // A reload: denied at once, with no prompt.
            XCTAssertTrue(Self.loadAndAsk(main, window, "\(base)/ask", title: "Asking"))
            XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "location: denied" }, timeout: 10))
            XCTAssertFalse(asking(), "not asked again")

            XDoTool.run(["key", "--clearmodifiers", "ctrl+comma"])
            var preferences: Gtk.Window?
            XCTAssertTrue(MainLoop.run(until: { preferences = main.preferencesWindowForTests; return preferences?.isMapped == true }, timeout: 5))
            let row = "\(site) — Location: Denied"
            let remove = "Remove location for \(site)"
            XCTAssertTrue(MainLoop.run(until: { preferences?.presentedDescendants().contains { $0.hasLabel(row) } ?? false }, timeout: 5),
                          "Preferences lists “\(row)”")
            let prefsID = try XCTUnwrap(XDoTool.window(named: "Preferences"))
            let prefs = try XCTUnwrap(preferences)
            XDoTool.run(["windowfocus", "--sync", prefsID])
            XCTAssertTrue(MainLoop.run(until: { gtk_window_is_active(prefs.window) != 0 }, timeout: 5), "Preferences is the active window")
            XDoTool.tab(in: prefs, until: { $0.contains(remove) }, limit: 12)
            XCTAssertEqual(preferences?.focusDescription, "GtkButton '\(remove)'", "Tab reaches Remove")
            XDoTool.run(["key", "space"])
            XCTAssertTrue(MainLoop.run(until: { !(preferences?.presentedDescendants().contains { $0.hasLabel(row) } ?? true) }, timeout: 5),
                          "the row is gone")
            XCTAssertEqual(try Self.rows(in: locations.browserDatabase), "", "and from the database")
            main.preferencesWindowForTests?.destroy()
            XDoTool.run(["windowfocus", "--sync", window])
            XCTAssertTrue(MainLoop.run(until: { gtk_window_is_active(main.window.window) != 0 }, timeout: 5), "the browser is the active window again")
            XCTAssertTrue(Self.loadAndAsk(main, window, "\(base)/again", title: "Asking again"))
            XCTAssertTrue(MainLoop.run(until: asking, timeout: 10), "the prompt is back")
        }
    }

    /// The keyboard path: Tab out of the page reaches Deny first, and Enter answers.
    func testTabFromThePageReachesTheQuestionAndEnterAnswersIt() throws {
        let base = server.base
        let site = base.replacingOccurrences(of: "http://", with: "")
        try MainActor.assumeIsolated {
            // Not private (a private window does not ask), and with nothing on disk.
            let (main, window) = try BrowserTestWindow.open("Permission Keys", isPrivate: false)
            defer { BrowserTestWindow.destroy(main.window) }
            let question = PermissionKind.location.question(site: site)
            XCTAssertTrue(Self.loadAndAsk(main, window, "\(base)/ask", title: "Asking"))
            XCTAssertTrue(MainLoop.run(until: { main.browser.root.presentedDescendants().contains { $0.hasLabel(question) } }, timeout: 10))
            // The click must have put the focus in the page before Tab means "out of the page".
            XCTAssertTrue(MainLoop.run(until: { main.window.focusDescription?.contains("WebView") == true }, timeout: 10),
                          "the click focused the page: \(main.window.focusDescription ?? "nothing")")
            XDoTool.tab(in: main.window, until: { $0.contains("Deny") })
            XCTAssertEqual(main.window.focusDescription, "GtkButton 'Deny'", "Tab reached the question")
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "location: denied" }, timeout: 10),
                          "Enter on Deny reached the page: “\(main.shownTitle ?? "")”")
        }
    }

    /// A page asking to show notifications gets the same prompt; Deny reaches it as "denied".
    func testNotificationsAreAskedToo() throws {
        let base = server.base
        let site = base.replacingOccurrences(of: "http://", with: "")
        let locations = self.locations
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Permission Notifications", persistence: BrowserPersistence.open(locations: locations))
            defer { BrowserTestWindow.destroy(main.window) }
            let question = PermissionKind.notifications.question(site: site)
            XCTAssertTrue(Self.loadAndAsk(main, window, "\(base)/notify", title: "Notify"))
            XCTAssertTrue(MainLoop.run(until: { main.browser.root.presentedDescendants().contains { $0.hasLabel(question) } }, timeout: 10),
                          "asked “\(question)”; the page says “\(main.shownTitle ?? "")”")
            XCTAssertTrue(MainLoop.run(until: { Self.promptIn(main) }, timeout: 5), "the prompt slid in")
            XCTAssertTrue(Self.click("Deny", in: main, window: window))
            XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "notifications: denied" }, timeout: 10),
                          "the page was told: “\(main.shownTitle ?? "")”")
        }
    }
}
