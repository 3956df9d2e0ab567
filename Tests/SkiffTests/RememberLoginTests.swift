import Browser
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// "Remember password" on the login card against a real GNOME Keyring on a private session bus
/// (PrivateKeyring: the test's own dbus-daemon and gnome-keyring-daemon, ended by PID), read back
/// with `secret-tool`. The rest of the suite has no session bus: these tests connect the browser's
/// keyring to theirs only while they run.
final class RememberLoginTests: XCTestCase {
    var server: TestHTTPServer!
    var keyring: PrivateKeyring?
    static let realm = "Skiff Test Area"

    private func startKeyring() throws -> PrivateKeyring {
        let keyring = try PrivateKeyring()
        self.keyring = keyring
        return keyring
    }

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        var secret = TestHTTPServer.Response(body: "<title>Members only</title>Welcome")
        secret.basicAuth = (user: "ada", password: "lovelace", realm: Self.realm)
        server = try TestHTTPServer(routes: [
            "/secret": secret,
            "/start": .init(body: "<title>Start</title>Start"),
        ])
    }

    override func tearDown() {
        keyring?.finish()
        keyring = nil
        server?.stop()
    }

    private var driver: Driver { Driver(base: server.base) }

    func testATickedLoginIsKeptInTheKeyringOnceTheSiteAcceptsIt() throws {
        let keyring = try startKeyring()
        let d = driver
        try MainActor.assumeIsolated {
            let main = try d.window("Remember Login", isPrivate: false, keyring: keyring)
            defer { BrowserTestWindow.destroy(main.window) }
            d.askForTheSecretPage(main)
            let box = try XCTUnwrap(d.rememberBox(in: main), "a Remember password box")
            XCTAssertTrue(box.state(.disabled, is: false), "usable with a keyring")
            XCTAssertTrue(box.state(.checked, is: false), "not ticked unless the user ticks it")
            // A wrong password first, ticked: refused, so nothing is kept.
            XDoTool.run(["type", "--delay", "30", "ada"])
            XDoTool.run(["key", "Tab"])
            XDoTool.run(["type", "--delay", "30", "wrong"])
            XDoTool.run(["key", "Tab", "space", "Return"])
            XCTAssertTrue(MainLoop.run(until: { d.shows("The user name or password was not accepted. Try again.", in: main) }, timeout: 15))
            XCTAssertNil(d.kept(in: keyring), "a refused password is not kept")
            XCTAssertTrue(d.rememberBox(in: main)?.state(.checked, is: true) ?? false, "still ticked on the retry")
            XCTAssertTrue(MainLoop.run(until: { main.window.focusDescription?.hasPrefix("GtkText") == true }, timeout: 10))
            XDoTool.run(["type", "--delay", "30", "lovelace"])
            XDoTool.run(["key", "Return"])
            d.waitForTheSecretPage(main)
            var password: String?
            XCTAssertTrue(MainLoop.run(until: { password = d.kept(in: keyring); return password != nil }, timeout: 15),
                          "the keyring holds the login")
            XCTAssertEqual(password, "lovelace")
            let search = keyring.secretTool(["search", "server", d.serverAttribute])
            XCTAssertTrue(search.output.contains("attribute.username = ada"), search.output)
        }
    }

    func testAKeptLoginFillsTheCardInANewWindowAndReturnLetsTheUserIn() throws {
        let keyring = try startKeyring()
        let d = driver
        d.keep("ada", "lovelace", in: keyring)
        try MainActor.assumeIsolated {
            let main = try d.window("Remembered Login", isPrivate: false, keyring: keyring)
            defer { BrowserTestWindow.destroy(main.window) }
            d.askForTheSecretPage(main)
            XCTAssertTrue(MainLoop.run(until: { d.rememberBox(in: main)?.state(.checked, is: true) ?? false }, timeout: 15),
                          "filled from the keyring: the box is ticked")
            d.waitForTheFill(main)
            // Nothing typed: Return logs in with what the keyring kept.
            XDoTool.run(["key", "Return"])
            d.waitForTheSecretPage(main)
        }
    }

    func testARefusedKeptPasswordIsSaidAndTheNewOneReplacesIt() throws {
        let keyring = try startKeyring()
        let d = driver
        d.keep("ada", "old password", in: keyring)
        try MainActor.assumeIsolated {
            let main = try d.window("Refused Login", isPrivate: false, keyring: keyring)
            defer { BrowserTestWindow.destroy(main.window) }
            d.askForTheSecretPage(main)
            XCTAssertTrue(MainLoop.run(until: { d.rememberBox(in: main)?.state(.checked, is: true) ?? false }, timeout: 15))
            d.waitForTheFill(main)
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: {
                d.shows("The remembered password for “ada” was not accepted. Type the password again.", in: main)
            }, timeout: 15), "the refused kept password is named")
            XCTAssertTrue(MainLoop.run(until: { main.window.focusDescription?.hasPrefix("GtkText") == true }, timeout: 10))
            XDoTool.run(["type", "--delay", "30", "lovelace"])
            XDoTool.run(["key", "Return"])
            d.waitForTheSecretPage(main)
            XCTAssertTrue(MainLoop.run(until: { d.kept(in: keyring) == "lovelace" }, timeout: 15),
                          "the new password replaced it: \(d.kept(in: keyring) ?? "nothing")")
        }
    }

    func testAPrivateWindowOffersNoBoxAndKeepsNothing() throws {
        let keyring = try startKeyring()
        let d = driver
        try MainActor.assumeIsolated {
            let main = try d.window("Private Login", isPrivate: true, keyring: keyring)
            defer { BrowserTestWindow.destroy(main.window) }
            d.askForTheSecretPage(main)
            XCTAssertNil(d.rememberBox(in: main), "no Remember box in a private window")
            XDoTool.run(["type", "--delay", "30", "ada"])
            XDoTool.run(["key", "Tab"])
            XDoTool.run(["type", "--delay", "30", "lovelace"])
            XDoTool.run(["key", "Return"])
            d.waitForTheSecretPage(main)
            // A negative check: half a second for a save that must not come (a private window never calls the keyring).
            MainLoop.run(for: 0.5)
            XCTAssertNil(d.kept(in: keyring))
            XCTAssertEqual(keyring.secretTool(["search", "--all", "xdg:schema", "io.github.skiff.Skiff.HttpLogin"]).output, "",
                           "nothing of Skiff's in the keyring")
        }
    }

    func testWithoutAKeyringTheBoxIsInsensitiveAndSaysWhy() throws {
        let d = driver
        try MainActor.assumeIsolated {
            // The suite's own environment: no session bus.
            LoginKeyring.shared.reconnect()
            XCTAssertTrue(MainLoop.run(until: { LoginKeyring.shared.availability != .checking }, timeout: 10))
            guard case .unavailable(let reason) = LoginKeyring.shared.availability else {
                return XCTFail("a keyring without a bus: \(LoginKeyring.shared.availability)")
            }
            let main = try d.window("No Keyring Login", isPrivate: false, keyring: nil)
            defer { BrowserTestWindow.destroy(main.window) }
            d.askForTheSecretPage(main)
            let box = try XCTUnwrap(d.rememberBox(in: main), "the box is there, unusable")
            XCTAssertTrue(box.state(.disabled, is: true), "insensitive")
            XCTAssertTrue(box.hasDescription("\(reason) The password is kept until Skiff closes."), "says why")
            // Logging in still works.
            XDoTool.run(["type", "--delay", "30", "ada"])
            XDoTool.run(["key", "Tab"])
            XDoTool.run(["type", "--delay", "30", "lovelace"])
            XDoTool.run(["key", "Return"])
            d.waitForTheSecretPage(main)
            XCTAssertNil(main.browser.noticeText, "nothing fails loudly")
        }
    }

    func testPreferencesListsAKeptLoginAndForgetsIt() throws {
        let keyring = try startKeyring()
        let d = driver
        d.keep("ada", "lovelace", in: keyring)
        try MainActor.assumeIsolated {
            let main = try d.window("Preferences Logins", isPrivate: false, keyring: keyring)
            defer {
                main.preferencesWindowForTests?.destroy()
                BrowserTestWindow.destroy(main.window)
            }
            XDoTool.run(["key", "--clearmodifiers", "ctrl+comma"])
            var preferences: Gtk.Window?
            XCTAssertTrue(MainLoop.run(until: { preferences = main.preferencesWindowForTests; return preferences?.isMapped == true }, timeout: 5))
            let prefsID = try XCTUnwrap(XDoTool.window(named: "Preferences"))
            let forgetLabel = "Forget the login for \(d.serverAttribute) (“\(RememberLoginTests.realm)”)"
            var forget: PresentedAccessible?
            XCTAssertTrue(MainLoop.run(until: {
                forget = preferences?.presentedDescendants().first { $0.isButton && $0.hasLabel(forgetLabel) && $0.width > 0 }
                return forget != nil
            }, timeout: 15), "the kept login is listed")
            XCTAssertTrue(preferences?.labelTexts().contains("\(d.serverAttribute) (“\(RememberLoginTests.realm)”) — ada") ?? false,
                          "\(preferences?.labelTexts() ?? [])")
            let centre = try XCTUnwrap(forget?.surfaceCentre)
            XDoTool.click(window: prefsID, x: centre.x, y: centre.y)
            XCTAssertTrue(MainLoop.run(until: { d.kept(in: keyring) == nil }, timeout: 15), "forgotten in the keyring")
            XCTAssertTrue(MainLoop.run(until: { preferences?.labelTexts().contains("No login is remembered.") ?? false }, timeout: 15))
        }
    }

    func testASaveThatFailsIsShown() throws {
        let keyring = try startKeyring()
        let d = driver
        try MainActor.assumeIsolated {
            let main = try d.window("Failed Save Login", isPrivate: false, keyring: keyring)
            defer { BrowserTestWindow.destroy(main.window) }
            d.askForTheSecretPage(main)
            XCTAssertNotNil(d.rememberBox(in: main))
            XDoTool.run(["type", "--delay", "30", "ada"])
            XDoTool.run(["key", "Tab"])
            XDoTool.run(["type", "--delay", "30", "lovelace"])
            XDoTool.run(["key", "Tab", "space"])
            // The keyring goes away before the login succeeds.
            keyring.endKeyringDaemon()
            XDoTool.run(["key", "Return"])
            d.waitForTheSecretPage(main)
            XCTAssertTrue(MainLoop.run(until: {
                main.browser.noticeText?.hasPrefix("The password for \(d.serverAttribute) could not be remembered:") == true
            }, timeout: 30), "a failed save is shown: \(main.browser.noticeText ?? "no notice")")
        }
    }
}

/// The test's moves and readings, for one loopback site.
private struct Driver: Sendable {
    let base: String
    var site: String { base.replacingOccurrences(of: "http://", with: "") }
    /// What the keyring keeps the login under (scheme://host:port).
    var serverAttribute: String { base }
    var realm: String { RememberLoginTests.realm }

    /// The password the keyring holds for the test site, or nil.
    func kept(in keyring: PrivateKeyring) -> String? {
        let lookup = keyring.secretTool(["lookup", "server", serverAttribute, "realm", realm])
        return lookup.status == 0 ? lookup.output : nil
    }

    func keep(_ user: String, _ password: String, in keyring: PrivateKeyring) {
        let stored = keyring.secretTool(["store", "--label=test", "xdg:schema", "io.github.skiff.Skiff.HttpLogin",
                                         "server", serverAttribute, "realm", realm, "username", user], input: password)
        XCTAssertEqual(stored.status, 0, stored.output)
    }

    @MainActor
    func rememberBox(in main: MainWindow) -> PresentedAccessible? {
        main.browser.root.presentedDescendants().first { $0.isCheckBox && $0.hasLabel("Remember password") }
    }

    @MainActor
    func shows(_ label: String, in main: MainWindow) -> Bool {
        main.browser.root.presentedDescendants().contains { $0.hasLabel(label) }
    }

    /// A window (private or not) at the start page, its keyring connected to `keyring` if given.
    @MainActor
    func window(_ title: String, isPrivate: Bool, keyring: PrivateKeyring?) throws -> MainWindow {
        let (main, _) = try BrowserTestWindow.open(title, isPrivate: isPrivate)
        if let keyring {
            XCTAssertTrue(keyring.connect(LoginKeyring.shared), "connected: \(LoginKeyring.shared.availability)")
        }
        XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/start", title: "Start"))
        return main
    }

    @MainActor
    func askForTheSecretPage(_ main: MainWindow) {
        main.browser.load("\(base)/secret")
        XCTAssertTrue(MainLoop.run(until: {
            main.browser.root.presentedDescendants().contains { $0.hasRole(.dialog) && $0.hasLabel("Log in to \(site)") }
        }, timeout: 15), "a login card")
        XCTAssertTrue(MainLoop.run(until: { main.window.focusDescription?.hasPrefix("GtkText") == true }, timeout: 10),
                      "a field has the focus: \(main.window.focusDescription ?? "none")")
    }

    /// The card filled from the keyring: the focus moves to its Log In button (so Return logs in with
    /// what was filled, not with what the field held before).
    @MainActor
    func waitForTheFill(_ main: MainWindow, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(MainLoop.run(until: { main.window.focusDescription?.hasPrefix("GtkButton 'Log In'") == true }, timeout: 10),
                      "filled: the focus is on Log In, not \(main.window.focusDescription ?? "nothing")", file: file, line: line)
    }

    @MainActor
    func waitForTheSecretPage(_ main: MainWindow) {
        XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "Members only" }, timeout: 15),
                      "logged in: “\(main.shownTitle ?? "")”")
    }
}
