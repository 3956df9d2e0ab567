import Browser
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// A page's alert, confirm and prompt, shown over its own tab and answered with real keys: what the
/// dialog says is read from the accessibility tree, what the page got from its title.
final class ScriptDialogTests: XCTestCase {
    var server: TestHTTPServer!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        func page(_ title: String, _ script: String) -> TestHTTPServer.Response {
            .init(body: "<title>\(title)</title><button style='position:fixed;left:0;top:0;width:600px;height:300px' onclick=\"\(script)\">Ask</button>")
        }
        server = try TestHTTPServer(routes: [
            "/alert": page("Alerting", "alert('Hello from the page'); document.title = 'alerted'"),
            "/confirm": page("Confirming", "document.title = 'confirm: ' + confirm('Delete everything?')"),
            "/prompt": page("Prompting", "document.title = 'prompt: ' + prompt('Your name?', 'Ada')"),
            "/many": page("Many", "for (let i = 1; i <= 6; i++) alert('Alert ' + i + ' of 6'); document.title = 'all answered'"),
            "/other": .init(body: "<title>Other</title>Another page"),
            "/leave": page("Unsaved", "document.title = 'Edited'; window.onbeforeunload = e => { e.preventDefault(); return 'unsaved' }"),
        ])
    }

    override func tearDown() { server?.stop() }

    @MainActor
    private static func shows(_ label: String, in main: MainWindow) -> Bool {
        main.browser.root.presentedDescendants().contains { $0.hasLabel(label) }
    }

    @MainActor
    private static func ask(_ main: MainWindow, window: String, until label: String) -> Bool {
        MainLoop.run(for: 0.3)
        XDoTool.click(window: window, x: 200, y: 150)
        return MainLoop.run(until: { shows(label, in: main) }, timeout: 10)
    }

    /// A second tab whose page shows an alert (the first tab shows /other).
    @MainActor
    private static func alertInSecondTab(_ main: MainWindow, window: String, base: String) -> Bool {
        main.browser.newTab()
        guard BrowserTestWindow.load(main, "\(base)/alert", title: "Alerting") else { return false }
        MainLoop.run(until: { !main.browser.isAnimating }, timeout: 3)
        return ask(main, window: window, until: "Hello from the page")
    }

    func testAnAlertShowsItsMessageOverItsTabAndAnotherTabStillSwitches() throws {
        let base = server.base
        let site = base.replacingOccurrences(of: "http://", with: "")
        try MainActor.assumeIsolated {
            try BrowserTestWindow.with("Dialog Alert", showing: "\(base)/other", pageTitle: "Other") { main, window in
                XCTAssertTrue(Self.alertInSecondTab(main, window: window, base: base), "the message is on the accessibility tree")
                XCTAssertTrue(main.browser.root.presentedDescendants().contains { $0.hasRole(.dialog) && $0.hasLabel("\(site) says") },
                              "a dialog naming the site")
                XCTAssertEqual(main.window.focusDescription, "GtkButton 'OK'", "the focus is in the dialog")
                // Not modal: the other tab is reached with the keyboard while the page waits.
                XDoTool.run(["key", "ctrl+Page_Up"])
                XCTAssertTrue(MainLoop.run(until: { main.browser.currentTabIndex == 0 && main.shownTitle == "Other" }, timeout: 10),
                              "switched to the other tab: \(main.browser.currentTabIndex)")
                XCTAssertEqual(main.browser.tabTitles.last, "Alerting", "the alerting page still waits")
                XDoTool.run(["key", "ctrl+Page_Down"])
                XCTAssertTrue(MainLoop.run(until: { main.browser.currentTabIndex == 1 && main.window.focusDescription == "GtkButton 'OK'" }, timeout: 10),
                              "back on the tab, the focus is in its dialog: \(main.window.focusDescription ?? "none")")
                XDoTool.run(["key", "Return"])
                XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "alerted" }, timeout: 10), "Enter answered it")
                XCTAssertFalse(Self.shows("Hello from the page", in: main))
            }
        }
    }

    /// A tab closed while its page waits for an answer: the dialog goes with it, the browser goes on.
    func testClosingATabWhosePageWaitsForADialog() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            try BrowserTestWindow.with("Dialog Close", showing: "\(base)/other", pageTitle: "Other") { main, window in
                XCTAssertTrue(Self.alertInSecondTab(main, window: window, base: base))
                XDoTool.run(["key", "ctrl+w"])
                XCTAssertTrue(MainLoop.run(until: { main.browser.heardTabCount == 1 }, timeout: 10))
                XCTAssertTrue(MainLoop.holds(for: 1) { !Self.shows("Hello from the page", in: main) }, "the closed tab's dialog went with it")
                XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/confirm", title: "Confirming"), "the browser goes on")
            }
        }
    }

    /// "Leave this page?": Stay (Escape) keeps the page, Leave (Enter) goes on to the next one.
    func testLeavingAPageThatAsksFirst() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            try BrowserTestWindow.with("Dialog Leave", showing: "\(base)/leave", pageTitle: "Unsaved") { main, window in
                // WebKit asks only for a page the user has used: a real click arms the handler.
                MainLoop.run(for: 0.3)
                XDoTool.click(window: window, x: 200, y: 150)
                XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "Edited" }, timeout: 10))
                main.browser.load("\(base)/other")
                XCTAssertTrue(MainLoop.run(until: { Self.shows("Leave this page?", in: main) }, timeout: 10), "asked before leaving")
                XDoTool.run(["key", "Escape"])
                XCTAssertTrue(MainLoop.run(until: { !Self.shows("Leave this page?", in: main) }, timeout: 10))
                XCTAssertTrue(MainLoop.holds(for: 1) { main.shownTitle == "Edited" }, "Stay kept the page: \(main.shownTitle ?? "no title")")
                main.browser.load("\(base)/other")
                XCTAssertTrue(MainLoop.run(until: { Self.shows("Leave this page?", in: main) }, timeout: 10), "asked again")
                XDoTool.run(["key", "Return"])
                XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "Other" }, timeout: 10),
                              "Leave went on: “\(main.shownTitle ?? "")”")
            }
        }
    }

    func testCancelOnAConfirmReachesThePageAsFalse() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            try BrowserTestWindow.with("Dialog Confirm", showing: "\(base)/confirm", pageTitle: "Confirming") { main, window in
                XCTAssertTrue(Self.ask(main, window: window, until: "Delete everything?"))
                XDoTool.run(["key", "Escape"])
                XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "confirm: false" }, timeout: 10),
                              "Escape is Cancel: “\(main.shownTitle ?? "")”")
                XCTAssertTrue(Self.ask(main, window: window, until: "Delete everything?"))
                XDoTool.run(["key", "Return"])
                XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "confirm: true" }, timeout: 10),
                              "Enter is OK: “\(main.shownTitle ?? "")”")
            }
        }
    }

    func testWhatIsTypedInAPromptReachesThePage() throws {
        let base = server.base
        try MainActor.assumeIsolated {
            try BrowserTestWindow.with("Dialog Prompt", showing: "\(base)/prompt", pageTitle: "Prompting") { main, window in
                XCTAssertTrue(Self.ask(main, window: window, until: "Your name?"))
                XCTAssertTrue(MainLoop.run(until: { main.window.focusDescription?.hasPrefix("GtkText") == true }, timeout: 10), "the field has the focus")
                // The page's default text is selected: typing replaces it.
                XDoTool.run(["type", "--delay", "40", "Grace"])
                XDoTool.run(["key", "Return"])
                XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "prompt: Grace" }, timeout: 10),
                              "the typed answer reached the page: “\(main.shownTitle ?? "")”")
            }
        }
    }

    func testAfterThreeInARowThePageCanBeToldToStop() throws {
        let base = server.base
        let quiet = "Don’t allow more dialogs from this page"
        try MainActor.assumeIsolated {
            try BrowserTestWindow.with("Dialog Many", showing: "\(base)/many", pageTitle: "Many") { main, window in
                XCTAssertTrue(Self.ask(main, window: window, until: "Alert 1 of 6"))
                for n in 1...3 {
                    XCTAssertFalse(Self.shows(quiet, in: main), "alert \(n): no choice yet")
                    XDoTool.run(["key", "Return"])
                    XCTAssertTrue(MainLoop.run(until: { Self.shows("Alert \(n + 1) of 6", in: main) }, timeout: 10), "alert \(n + 1) shown")
                }
                XCTAssertTrue(Self.shows(quiet, in: main), "the fourth in a row offers the choice")
                // Keyboard: back from OK to the choice, tick it, answer.
                XDoTool.run(["key", "shift+Tab"])
                XCTAssertTrue(MainLoop.run(until: { main.window.focusDescription?.contains("GtkCheckButton") == true }, timeout: 10),
                              "Shift+Tab reached the choice: \(main.window.focusDescription ?? "none")")
                XDoTool.run(["key", "space"])
                XCTAssertTrue(MainLoop.run(until: { main.window.presentedDescendants().contains { $0.isCheckBox && $0.state(.checked, is: true) } }, timeout: 5),
                              "Space ticked the choice")
                XDoTool.run(["key", "Return"])
                XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "all answered" }, timeout: 10),
                              "the last two were answered without being shown: “\(main.shownTitle ?? "")”")
                XCTAssertFalse(Self.shows("Alert 5 of 6", in: main))
            }
        }
    }
}
