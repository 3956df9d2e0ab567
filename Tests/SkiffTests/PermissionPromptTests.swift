import Browser
import BrowserModel
import BrowserStore
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// A page asks for the location: the prompt names the site (read from the accessibility tree),
/// a real click on Deny reaches the page as "denied", and the decision is remembered for the site;
/// Allow reaches another page as "granted".
final class PermissionPromptTests: XCTestCase {
    var server: TestHTTPServer!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        // Asked on a click.
        let ask = "<button style='position:fixed;left:0;top:0;width:600px;height:300px' onclick=\"navigator.geolocation.getCurrentPosition(() => { document.title = 'location: granted' }, e => { document.title = 'location: ' + (e.code == 1 ? 'denied' : 'error ' + e.code) })\">Ask</button>"
        server = try TestHTTPServer(routes: [
            "/ask": .init(body: "<title>Asking</title>\(ask)"),
            "/again": .init(body: "<title>Asking again</title>\(ask)"),
        ])
    }

    override func tearDown() { server?.stop() }

    @MainActor
    private static func click(_ label: String, in main: MainWindow, window: String) -> Bool {
        guard let button = main.browser.root.presentedDescendants().first(where: { $0.isButton && $0.hasLabel(label) }) else { return false }
        XDoTool.click(window: window, x: button.surfaceCentre.x, y: button.surfaceCentre.y)
        return true
    }

    func testDenyReachesThePageAndIsRememberedForTheSite() throws {
        let base = server.base
        let site = base.replacingOccurrences(of: "http://", with: "")
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-permissions-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let locations = DataLocations(dataDirectory: home.appendingPathComponent("skiff"), stateDirectory: home.appendingPathComponent("state"))
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Permission Prompt", persistence: BrowserPersistence.open(locations: locations))
            defer {
                main.window.destroy()
                MainLoop.run(for: 0.1)
            }
            let question = PermissionKind.location.question(site: site)
            let asking = { main.browser.root.presentedDescendants().contains { $0.hasLabel(question) } }
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/ask", title: "Asking"))
            MainLoop.run(for: 0.3)
            XDoTool.click(window: window, x: 200, y: 150)
            XCTAssertTrue(MainLoop.run(until: asking, timeout: 10), "the prompt asks “\(question)”")
            XCTAssertEqual(main.browser.state.title, "Asking", "nothing is decided before the answer")
            MainLoop.run(for: 0.5)
            XCTAssertTrue(Self.click("Deny", in: main, window: window))
            XCTAssertTrue(MainLoop.run(until: { main.browser.state.title == "location: denied" }, timeout: 10),
                          "the page was told: “\(main.browser.state.title ?? "")”")
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/again", title: "Asking again"))
            MainLoop.run(for: 0.3)
            XDoTool.click(window: window, x: 200, y: 150)
            XCTAssertTrue(MainLoop.run(until: { main.browser.state.title == "location: denied" }, timeout: 10), "remembered: not asked again")
            XCTAssertFalse(asking())
        }
    }

    func testAPrivateWindowAsksEveryTimeAndAllowReachesThePage() throws {
        let base = server.base
        let site = base.replacingOccurrences(of: "http://", with: "")
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Permission Private")
            defer {
                main.window.destroy()
                MainLoop.run(for: 0.1)
            }
            let question = PermissionKind.location.question(site: site)
            let asking = { main.browser.root.presentedDescendants().contains { $0.hasLabel(question) } }
            for path in ["/ask", "/again"] {
                XCTAssertTrue(BrowserTestWindow.load(main, "\(base)\(path)", title: path == "/ask" ? "Asking" : "Asking again"))
                MainLoop.run(for: 0.3)
                XDoTool.click(window: window, x: 200, y: 150)
                XCTAssertTrue(MainLoop.run(until: asking, timeout: 10), "\(path): asked")
                MainLoop.run(for: 0.5)
                XCTAssertTrue(Self.click("Allow", in: main, window: window))
                // Allowed: the page gets a position or, with no location service here, "unavailable" — not "denied".
                XCTAssertTrue(MainLoop.run(until: { (main.browser.state.title ?? "").hasPrefix("location: ") }, timeout: 15))
                XCTAssertNotEqual(main.browser.state.title, "location: denied", "\(path): Allow reached the page")
            }
        }
    }

    /// The keyboard path: Tab out of the page reaches Deny first, and Enter answers.
    func testTabFromThePageReachesTheQuestionAndEnterAnswersIt() throws {
        let base = server.base
        let site = base.replacingOccurrences(of: "http://", with: "")
        try MainActor.assumeIsolated {
            let (main, window) = try BrowserTestWindow.open("Permission Keys")
            defer {
                main.window.destroy()
                MainLoop.run(for: 0.1)
            }
            let question = PermissionKind.location.question(site: site)
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/ask", title: "Asking"))
            MainLoop.run(for: 0.3)
            XDoTool.click(window: window, x: 200, y: 150)
            XCTAssertTrue(MainLoop.run(until: { main.browser.root.presentedDescendants().contains { $0.hasLabel(question) } }, timeout: 10))
            // The click must have put the focus in the page before Tab means "out of the page".
            XCTAssertTrue(MainLoop.run(until: { main.window.focusDescription?.contains("WebView") == true }, timeout: 10),
                          "the click focused the page: \(main.window.focusDescription ?? "nothing")")
            // Each Tab is waited for (a loaded machine can take longer than any fixed pause).
            for _ in 0..<3 where main.window.focusDescription?.contains("Deny") != true {
                let before = main.window.focusDescription
                XDoTool.run(["key", "Tab"])
                MainLoop.run(until: { main.window.focusDescription != before }, timeout: 5)
            }
            XCTAssertEqual(main.window.focusDescription, "GtkButton 'Deny'", "Tab reached the question")
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.state.title == "location: denied" }, timeout: 10),
                          "Enter on Deny reached the page: “\(main.browser.state.title ?? "")”")
        }
    }
}
