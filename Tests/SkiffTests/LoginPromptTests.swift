import Browser
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// A site answering 401 with `WWW-Authenticate: Basic`: a prompt over the tab names the site and
/// realm; a wrong password typed with real keys is refused and says so; the right one loads the page.
final class LoginPromptTests: XCTestCase {
    var server: TestHTTPServer!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        var secret = TestHTTPServer.Response(body: "<title>Members only</title>Welcome")
        secret.basicAuth = (user: "ada", password: "lovelace", realm: "Skiff Test Area")
        server = try TestHTTPServer(routes: [
            "/secret": secret,
            "/start": .init(body: "<title>Start</title>Start"),
        ])
    }

    override func tearDown() { server?.stop() }

    @MainActor
    private static func shows(_ label: String, in main: MainWindow) -> Bool {
        main.browser.root.presentedDescendants().contains { $0.hasLabel(label) }
    }

    func testTheSiteAndRealmAreNamedAWrongPasswordIsRefusedAndTheRightOneLoadsThePage() throws {
        let base = server.base
        let site = base.replacingOccurrences(of: "http://", with: "")
        try MainActor.assumeIsolated {
            try BrowserTestWindow.with("Login Prompt", showing: "\(base)/start", pageTitle: "Start") { main, _ in
                main.browser.load("\(base)/secret")
                XCTAssertTrue(MainLoop.run(until: {
                    main.browser.root.presentedDescendants().contains { $0.hasRole(.dialog) && $0.hasLabel("Log in to \(site)") }
                }, timeout: 15), "a login prompt naming the site")
                XCTAssertTrue(Self.shows("The site asks for a user name and password for “Skiff Test Area”.", in: main), "the realm is named")
                XCTAssertTrue(MainLoop.run(until: { main.window.focusDescription?.hasPrefix("GtkText") == true }, timeout: 10),
                              "the user name field has the focus: \(main.window.focusDescription ?? "none")")
                XDoTool.run(["type", "--delay", "30", "ada"])
                XDoTool.run(["key", "Tab"])
                XDoTool.run(["type", "--delay", "30", "wrong"])
                XDoTool.run(["key", "Return"])
                XCTAssertTrue(MainLoop.run(until: { Self.shows("The user name or password was not accepted. Try again.", in: main) }, timeout: 15),
                              "a refused password says so")
                // The user name stays; the password field has the focus.
                XCTAssertTrue(MainLoop.run(until: { main.window.focusDescription?.hasPrefix("GtkText") == true }, timeout: 10))
                XDoTool.run(["type", "--delay", "30", "lovelace"])
                XDoTool.run(["key", "Return"])
                XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "Members only" }, timeout: 15),
                              "logged in: “\(main.shownTitle ?? "")”")
                XCTAssertFalse(Self.shows("Log in to \(site)", in: main))
            }
        }
    }

    func testEscapeCancelsAndThePageThatWasThereStays() throws {
        let base = server.base
        let site = base.replacingOccurrences(of: "http://", with: "")
        try MainActor.assumeIsolated {
            try BrowserTestWindow.with("Login Cancel", showing: "\(base)/start", pageTitle: "Start") { main, _ in
                main.browser.load("\(base)/secret")
                XCTAssertTrue(MainLoop.run(until: { Self.shows("Log in to \(site)", in: main) }, timeout: 15))
                MainLoop.run(for: 0.3)
                XDoTool.run(["key", "Escape"])
                // WebKit cancels the load: the page that was there stays.
                XCTAssertTrue(MainLoop.run(until: { !Self.shows("Log in to \(site)", in: main) && !main.browser.showsLoading }, timeout: 15),
                              "Escape cancelled the prompt")
                XCTAssertEqual(main.shownTitle, "Start")
            }
        }
    }
}
