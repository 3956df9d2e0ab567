import Browser
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// Passwords typed into a page's login form (docs/browser.md, "Passwords in forms") against a real
/// GNOME Keyring on a private session bus (PrivateKeyring), read back with `secret-tool`. The login
/// page is a plain form posted to the loopback server, typed into with real keys, and it carries a
/// script that sends whatever the password field holds to the server: a page trying to read a
/// saved password before the user picks it.
final class FormPasswordTests: XCTestCase {
    var server: TestHTTPServer!
    var keyring: PrivateKeyring?
    static let user = "ada@example.org"
    static let password = "Lovelace 1843!"
    static let schema = "io.github.skiff.Skiff.FormLogin"

    /// A login page as sites write them: a labelled e-mail field, a password, a button. Every 50 ms
    /// its script posts the password field's value, if any, to /leak.
    static let loginPage = """
        <!doctype html><title>Sign in</title>
        <body style="margin:0;font:16px sans-serif">
        <form method="post" action="/welcome" style="padding:20px">
          <p><label>E-mail <input id="email" type="email" name="email" autocomplete="username"></label></p>
          <p><label>Password <input id="password" type="password" name="password"></label></p>
          <p><button>Sign in</button></p>
        </form>
        <script>
          setInterval(() => {
            const value = document.getElementById('password').value;
            if (value) fetch('/leak?' + encodeURIComponent(value));
          }, 50);
        </script>
        """

    /// A sign-up page as sites write them: e-mail, a new password and the same again, both marked
    /// `autocomplete=new-password`. Every 50 ms its script posts both passwords, if any, to /leak.
    static let signUpPage = """
        <!doctype html><title>Sign up</title>
        <body style="margin:0;font:16px sans-serif">
        <form method="post" action="/welcome" style="padding:20px">
          <p><label>E-mail <input id="email" type="email" name="email" autocomplete="username"></label></p>
          <p><label>Password <input id="new" type="password" name="password" autocomplete="new-password"></label></p>
          <p><label>Again <input id="again" type="password" name="again" autocomplete="new-password"></label></p>
          <p><button>Create account</button></p>
        </form>
        <script>
          setInterval(() => {
            const a = document.getElementById('new').value, b = document.getElementById('again').value;
            if (a || b) fetch('/leak?' + encodeURIComponent(a) + '&' + encodeURIComponent(b));
          }, 50);
        </script>
        """

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        server = try TestHTTPServer(routes: [
            "/signup": .init(body: Self.signUpPage),
            "/login": .init(body: Self.loginPage),
            "/welcome": .init(body: "<title>Welcome</title>Signed in"),
            "/leak": .init(body: ""),
            "/start": .init(body: "<title>Start</title>Start"),
        ])
    }

    override func tearDown() {
        keyring?.finish()
        keyring = nil
        server?.stop()
    }

    func startKeyring() throws -> PrivateKeyring {
        let keyring = try PrivateKeyring()
        self.keyring = keyring
        return keyring
    }

    private var driver: Driver { Driver(server: server) }

    func testATypedLoginIsSavedOnSaveAndFillsTheFormOnlyWhenTheUserPicksIt() throws {
        let keyring = try startKeyring()
        let base = server.base
        let d = driver
        try MainActor.assumeIsolated {
            let (main, id) = try BrowserTestWindow.open("Form Password", isPrivate: false)
            defer { BrowserTestWindow.destroy(main.window) }
            XCTAssertTrue(keyring.connect(LoginKeyring.shared), "connected: \(LoginKeyring.shared.availability)")
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/login", title: "Sign in"))
            try d.signIn(main, id)
            let save = try XCTUnwrap(d.waitForButton("Save", in: main), "the bar offers Save after the login")
            XCTAssertTrue(main.browser.root.presentedDescendants().contains {
                $0.hasLabel("Save the password for “\(Self.user)” on \(base.replacingOccurrences(of: "http://", with: ""))?")
            }, "and says for whom and where")
            XCTAssertEqual(keyring.secretTool(["search", "--all", "xdg:schema", Self.schema]).output, "", "nothing kept before Save")
            XDoTool.click(window: id, x: save.surfaceCentre.x, y: save.surfaceCentre.y)
            XCTAssertTrue(MainLoop.run(until: { d.kept(in: keyring) == Self.password }, timeout: 15),
                          "the keyring holds the password: \(d.kept(in: keyring) ?? "nothing")")

            // The next visit: offered, but the page gets nothing until the user picks Fill.
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/start", title: "Start"))
            let leaksBefore = d.leaks.count
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/login", title: "Sign in"))
            let fill = try XCTUnwrap(d.waitForButton("Fill in the saved password", in: main), "the bar offers to fill")
            // A negative check: the page's script reads the field every 50 ms; a quarter of a second is five reads.
            XCTAssertTrue(MainLoop.holds(for: 0.25) { d.leaks.count == leaksBefore }, "the page read no password before the user picked one")
            XCTAssertEqual(pageAnswer(main.browser.webView, "document.getElementById('password').value"), "")
            XDoTool.click(window: id, x: fill.surfaceCentre.x, y: fill.surfaceCentre.y)
            // As the page's encodeURIComponent writes it.
            let sent = "/leak?" + (Self.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-_.!~*'()"))) ?? "")
            XCTAssertTrue(MainLoop.run(until: { d.leaks.contains(sent) }, timeout: 10), "filled once picked: \(d.leaks.suffix(2))")
            XCTAssertEqual(pageAnswer(main.browser.webView, "document.getElementById('email').value"), Self.user)
        }
    }

    /// The bar's keyboard path: Tab out of the page reaches the bar's first answer (before the
    /// address bar), Return gives it. Saved, then filled on the next visit, without the pointer once
    /// the login was typed. Read from the keyring and from what the page's script was sent.
    func testTabFromThePageReachesTheBarAndReturnSavesThenFills() throws {
        let keyring = try startKeyring()
        let base = server.base
        let d = driver
        try MainActor.assumeIsolated {
            let (main, id) = try BrowserTestWindow.open("Form Password Keys", isPrivate: false)
            defer { BrowserTestWindow.destroy(main.window) }
            XCTAssertTrue(keyring.connect(LoginKeyring.shared), "connected: \(LoginKeyring.shared.availability)")
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/login", title: "Sign in"))
            try d.signIn(main, id)
            XCTAssertNotNil(d.waitForButton("Save", in: main), "the bar offers Save after the login")
            // The welcome page has nothing to focus: the first Tab leaves it.
            XCTAssertTrue(XDoTool.tab(in: main.window, until: { $0.contains("'Save'") }, limit: 4),
                          "Tab out of the page reached Save: \(main.window.focusDescription ?? "none")")
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { d.kept(in: keyring) == Self.password }, timeout: 15),
                          "Return on Save put the password in the keyring: \(d.kept(in: keyring) ?? "nothing")")
            XCTAssertTrue(MainLoop.run(until: { d.button("Save", in: main) == nil }, timeout: 5), "and the bar went")

            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/start", title: "Start"))
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/login", title: "Sign in"))
            XCTAssertNotNil(d.waitForButton("Fill in the saved password", in: main), "the bar offers to fill")
            XCTAssertEqual(pageAnswer(main.browser.webView, "document.getElementById('password').value"), "")
            // Into the page (F6, when the load left the focus in the chrome), then through its three
            // fields and out to Fill.
            if main.browser.webView?.containsFocus != true { XDoTool.run(["key", "F6"]) }
            XCTAssertTrue(MainLoop.run(until: { main.browser.webView?.containsFocus == true }, timeout: 5), "F6 put the focus in the page")
            XCTAssertTrue(XDoTool.tab(in: main.window, until: { $0.contains("'Fill in the saved password'") }, limit: 8),
                          "Tab through the form and out of the page reached Fill: \(main.window.focusDescription ?? "none")")
            XDoTool.run(["key", "Return"])
            let sent = "/leak?" + (Self.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-_.!~*'()"))) ?? "")
            XCTAssertTrue(MainLoop.run(until: { d.leaks.contains(sent) }, timeout: 10), "Return on Fill filled the form: \(d.leaks.suffix(2))")
            XCTAssertEqual(pageAnswer(main.browser.webView, "document.getElementById('email').value"), Self.user)
        }
    }

    /// A sign-up: the user types the e-mail and Tabs into the new password; the bar shows a strong
    /// password; the page gets nothing until Use (reached by Tab out of the page, pressed with
    /// Return); then both fields hold it, the keyring keeps it for that user, and the submit asks
    /// nothing more. The login page's single password field is offered no suggestion.
    func testANewPasswordFieldIsOfferedAStrongPasswordThatFillsBothFieldsAndIsKept() throws {
        let keyring = try startKeyring()
        let base = server.base
        let d = driver
        try MainActor.assumeIsolated {
            let (main, id) = try BrowserTestWindow.open("Suggested Password", isPrivate: false)
            defer { BrowserTestWindow.destroy(main.window) }
            XCTAssertTrue(keyring.connect(LoginKeyring.shared), "connected: \(LoginKeyring.shared.availability)")
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/signup", title: "Sign up"))
            try d.click(field: "email", in: main, id)
            XDoTool.run(["type", "--delay", String(Int.random(in: 40...120)), Self.user], timeout: 30)
            XDoTool.run(["key", "Tab"])
            XCTAssertNotNil(d.waitForButton("Use the suggested password", in: main), "the new password's focus brings the offer")
            let question = main.browser.root.presentedDescendants().compactMap(\.label).first { $0.hasPrefix("Use the strong password “") }
            let shown = try XCTUnwrap(question?.split(separator: "“").last?.split(separator: "”").first.map(String.init), "the bar shows it")
            XCTAssertEqual(shown.split(separator: "-").map(\.count), [6, 6, 6], shown)
            // A negative check: the page's script reads both fields every 50 ms; a quarter of a second is five reads.
            XCTAssertTrue(MainLoop.holds(for: 0.25) { d.leaks.isEmpty }, "the page got no password before Use: \(d.leaks)")
            XCTAssertTrue(XDoTool.tab(in: main.window, until: { $0.contains("'Use the suggested password'") }, limit: 8),
                          "Tab through the form and out of the page reached Use: \(main.window.focusDescription ?? "none")")
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { d.leaks.contains("/leak?\(shown)&\(shown)") }, timeout: 10),
                          "both fields hold it, as the page reads them: \(d.leaks.suffix(2))")
            XCTAssertTrue(MainLoop.run(until: { d.kept(in: keyring) == shown }, timeout: 15),
                          "kept for \(Self.user) at once: \(d.kept(in: keyring) ?? "nothing")")
            XCTAssertTrue(MainLoop.run(until: { d.button("Use the suggested password", in: main) == nil }, timeout: 5), "and the bar went")

            try d.click(field: "again", in: main, id)
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "Welcome" }, timeout: 15), "signed up")
            // A negative check: half a second for a Save that must not come (the password is kept).
            XCTAssertTrue(MainLoop.holds(for: 0.5) { d.button("Save", in: main) == nil && d.button("Update", in: main) == nil },
                          "the submit asks nothing")

            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/login", title: "Sign in"))
            try d.click(field: "password", in: main, id)
            XCTAssertTrue(MainLoop.holds(for: 0.5) { d.button("Use the suggested password", in: main) == nil },
                          "a login's single password is offered no suggestion")
        }
    }

    /// A login page's single password field offers no suggestion on focus (it may be the current
    /// password); its right-click menu does, and the choice fills it and keeps it at once.
    func testAPasswordFieldsMenuSuggestsAStrongPasswordThatIsFilledAndKept() throws {
        let keyring = try startKeyring()
        let base = server.base
        let d = driver
        try MainActor.assumeIsolated {
            let (main, id) = try BrowserTestWindow.open("Password Menu", isPrivate: false)
            defer { BrowserTestWindow.destroy(main.window) }
            XCTAssertTrue(keyring.connect(LoginKeyring.shared), "connected: \(LoginKeyring.shared.availability)")
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/login", title: "Sign in"))
            let emailMenu = try d.rightClick(field: "email", in: main, id)
            XCTAssertNil(emailMenu["Suggest Strong Password"], "an e-mail field is offered none")
            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(MainLoop.run(until: { main.window.presentedMenuItems().isEmpty }, timeout: 5), "the menu closed")
            XDoTool.run(["type", "--delay", String(Int.random(in: 40...120)), Self.user], timeout: 30)

            let menu = try d.rightClick(field: "password", in: main, id)
            let suggest = try XCTUnwrap(menu["Suggest Strong Password"], "a password field's menu offers one: \(menu.keys.sorted())")
            XCTAssertTrue(d.leaks.isEmpty, "nothing in the field before the choice: \(d.leaks)")
            XDoTool.click(window: id, x: suggest.surfaceCentre.x, y: suggest.surfaceCentre.y)
            var filled: String?
            XCTAssertTrue(MainLoop.run(until: {
                filled = d.leaks.last.map { String($0.dropFirst("/leak?".count)) }
                return filled?.isEmpty == false
            }, timeout: 10), "the field holds a password, as the page reads it")
            let password = try XCTUnwrap(filled)
            XCTAssertEqual(password.split(separator: "-").map(\.count), [6, 6, 6], "a strong one: \(password)")
            XCTAssertTrue(MainLoop.run(until: { d.kept(in: keyring) == password }, timeout: 15),
                          "kept for \(Self.user) at once: \(d.kept(in: keyring) ?? "nothing")")
        }
    }

    func testAPrivateWindowOffersNothingAndKeepsNothing() throws {
        let keyring = try startKeyring()
        let base = server.base
        let d = driver
        try MainActor.assumeIsolated {
            let (main, id) = try BrowserTestWindow.open("Private Form Password", isPrivate: true)
            defer { BrowserTestWindow.destroy(main.window) }
            XCTAssertTrue(keyring.connect(LoginKeyring.shared))
            XCTAssertTrue(BrowserTestWindow.load(main, "\(base)/login", title: "Sign in"))
            try d.signIn(main, id)
            // A negative check: half a second for a bar that must not come.
            XCTAssertTrue(MainLoop.holds(for: 0.5) { d.button("Save", in: main) == nil }, "no Save in a private window")
            XCTAssertEqual(keyring.secretTool(["search", "--all", "xdg:schema", Self.schema]).output, "", "nothing in the keyring")
        }
    }

    func testPreferencesListsASavedPasswordCopiesAndRemovesIt() throws {
        let keyring = try startKeyring()
        let base = server.base
        let stored = keyring.secretTool(["store", "--label=test", "xdg:schema", Self.schema, "origin", base, "username", Self.user],
                                        input: Self.password)
        XCTAssertEqual(stored.status, 0, stored.output)
        let d = driver
        try MainActor.assumeIsolated {
            let (main, _) = try BrowserTestWindow.open("Preferences Passwords", isPrivate: false)
            defer {
                main.preferencesWindowForTests?.destroy()
                BrowserTestWindow.destroy(main.window)
            }
            XCTAssertTrue(keyring.connect(LoginKeyring.shared))
            XDoTool.run(["key", "--clearmodifiers", "ctrl+comma"])
            var preferences: Gtk.Window?
            XCTAssertTrue(MainLoop.run(until: { preferences = main.preferencesWindowForTests; return preferences?.isMapped == true }, timeout: 5))
            let prefsID = try XCTUnwrap(XDoTool.window(named: "Preferences"))
            let site = base.replacingOccurrences(of: "http://", with: "")
            var copy: PresentedAccessible?
            XCTAssertTrue(MainLoop.run(until: {
                copy = preferences?.presentedDescendants().first { $0.isButton && $0.hasLabel("Copy the password for \(Self.user) on \(site)") && $0.width > 0 }
                return copy != nil
            }, timeout: 15), "the saved password is listed")
            XCTAssertTrue(preferences?.labelTexts().contains("\(site) — \(Self.user)") ?? false, "\(preferences?.labelTexts() ?? [])")
            XCTAssertFalse(preferences?.labelTexts().contains { $0.contains(Self.password) } ?? true, "the password itself is never shown")
            let copyAt = try XCTUnwrap(copy?.surfaceCentre)
            XDoTool.click(window: prefsID, x: copyAt.x, y: copyAt.y)
            XCTAssertTrue(MainLoop.run(until: { d.clipboard() == Self.password }, timeout: 10), "on the clipboard: \(d.clipboard() ?? "nothing")")
            let remove = try XCTUnwrap(preferences?.presentedDescendants().first { $0.isButton && $0.hasLabel("Remove the password for \(Self.user) on \(site)") })
            XDoTool.click(window: prefsID, x: remove.surfaceCentre.x, y: remove.surfaceCentre.y)
            XCTAssertTrue(MainLoop.run(until: { d.kept(in: keyring) == nil }, timeout: 15), "removed from the keyring")
            XCTAssertTrue(MainLoop.run(until: { preferences?.labelTexts().contains("No password is saved.") ?? false }, timeout: 15))
        }
    }
}

/// The test's moves and readings, for the loopback login page.
private struct Driver: Sendable {
    let server: TestHTTPServer
    static var user: String { FormPasswordTests.user }
    static var password: String { FormPasswordTests.password }
    static var schema: String { FormPasswordTests.schema }

    var leaks: [String] { server.requests.map(\.target).filter { $0.hasPrefix("/leak") } }

    /// Clicks the page's field with this id where a user would, and waits for its caret.
    @MainActor
    func click(field: String, in main: MainWindow, _ id: String) throws {
        let page = try XCTUnwrap(main.browser.root.presentedDescendants().first { $0.hasLabel("Web page") && $0.width > 0 })
        let rect = try XCTUnwrap(pageAnswer(main.browser.webView,
                                            "(() => { const r = document.getElementById('\(field)').getBoundingClientRect(); return (r.x + r.width / 2) + ',' + (r.y + r.height / 2) })()"))
        let point = rect.split(separator: ",").compactMap { Double($0) }
        XCTAssertEqual(point.count, 2, rect)
        let left = page.surfaceCentre.x - page.width / 2, top = page.surfaceCentre.y - page.height / 2
        XDoTool.click(window: id, x: left + point[0], y: top + point[1])
        XCTAssertTrue(MainLoop.run(until: { pageAnswer(main.browser.webView, "document.activeElement.id") == field }, timeout: 10),
                      "the click put the caret in the \(field) field")
    }

    /// Clicks the field, then right-clicks it where it was clicked, and waits for the page's menu
    /// (its Paste item); the menu's items by label.
    @MainActor
    func rightClick(field: String, in main: MainWindow, _ id: String) throws -> [String: PresentedAccessible] {
        try click(field: field, in: main, id)
        XDoTool.run(["click", "3"])
        var items: [String: PresentedAccessible] = [:]
        XCTAssertTrue(MainLoop.run(until: { items = main.window.presentedMenuItems(); return items["Paste"] != nil }, timeout: 5),
                      "the \(field) field's menu opens: \(items.keys.sorted())")
        return items
    }

    /// Clicks the e-mail field where a user would, types the login at a typist's pace with random
    /// pauses, and presses Return in the password.
    @MainActor
    func signIn(_ main: MainWindow, _ id: String) throws {
        try click(field: "email", in: main, id)
        XDoTool.run(["type", "--delay", String(Int.random(in: 40...120)), Self.user], timeout: 30)
        XDoTool.run(["key", "Tab"])
        XDoTool.run(["type", "--delay", String(Int.random(in: 40...120)), Self.password], timeout: 30)
        XDoTool.run(["key", "Return"])
        XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "Welcome" }, timeout: 15), "signed in")
    }

    @MainActor
    func button(_ label: String, in main: MainWindow) -> PresentedAccessible? {
        main.browser.root.presentedDescendants().first { $0.isButton && $0.hasLabel(label) && $0.width > 0 }
    }

    @MainActor
    func waitForButton(_ label: String, in main: MainWindow) -> PresentedAccessible? {
        var found: PresentedAccessible?
        MainLoop.run(until: { found = self.button(label, in: main); return found != nil }, timeout: 15)
        // The bar slides in: the button is where a click lands once it settled.
        MainLoop.run(until: { main.browser.passwordBarSettled }, timeout: 3)
        return button(label, in: main) ?? found
    }

    func kept(in keyring: PrivateKeyring) -> String? {
        let lookup = keyring.secretTool(["lookup", "xdg:schema", Self.schema, "origin", server.base, "username", Self.user])
        return lookup.status == 0 ? lookup.output : nil
    }

    /// The clipboard as another client reads it: xclip, run while the main loop goes on serving it.
    @MainActor
    func clipboard() -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xclip")
        process.arguments = ["-o", "-selection", "clipboard"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        MainLoop.run(until: { !process.isRunning }, timeout: 5)
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }
}
