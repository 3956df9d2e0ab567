import Browser
import BrowserModel
import BrowserStore
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// Typed text is sacred, proven as people type (issue 33): over a history of near-misses (the same
/// pages with queries and fragments, chapters whose names share prefixes), 100 addresses typed with
/// real keys, each key after a random delay between 5 and 150 ms, then a random pause of up to a
/// second before Enter (both log-uniform: most keys and pauses short, some long, and the run under
/// three minutes). The file server's own request log must show exactly the path typed, every
/// time — whatever the history search answered, and when, meanwhile.
final class TypedAddressStressTests: XCTestCase {
    var site: URL!
    var server: PlainFileServer!
    var dataHome: URL!

    /// The pages on the server: names that are prefixes of each other, and a folder with the same names.
    static let pages = ["index.html", "in.html", "ch1.html", "ch1.en.html", "ch12.html", "ch2.en.html", "ch02.html",
                        "debref/index.html", "debref/ch2.en.html", "debref/ch02.html", "deb.html"]
    static let addresses = Int(ProcessInfo.processInfo.environment["SKIFF_TYPING_ROUNDS"] ?? "") ?? 100

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        site = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-typing-site-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: site.appendingPathComponent("debref"), withIntermediateDirectories: true)
        for page in Self.pages {
            let file = site.appendingPathComponent(page)
            try Data("<!doctype html><title>\(page)</title><h1>\(page)</h1>".utf8).write(to: file)
            // Dated tomorrow: with no Cache-Control (the server sends none), WebKit would keep a page
            // modified seconds ago fresh for a while and show it again without asking, and the log
            // would not show the visit. A Last-Modified after the response's Date leaves nothing fresh,
            // so every visit asks (a 200 or a 304, logged either way).
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(86_400)], ofItemAtPath: file.path)
        }
        server = try PlainFileServer(folder: site)
        dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-typing-\(UUID().uuidString)")
    }

    override func tearDown() {
        server?.stop()
        if let site { try? FileManager.default.removeItem(at: site) }
        if let dataHome { try? FileManager.default.removeItem(at: dataHome) }
    }

    func testAHundredAddressesTypedAtHumanSpeedsLoadExactlyWhatWasTyped() throws {
        let base = server.base
        nonisolated(unsafe) let server = self.server!
        let host = base.replacingOccurrences(of: "http://", with: "")
        var random = SystemRandomNumberGenerator()
        let locations = DataLocations(dataDirectory: dataHome.appendingPathComponent("skiff"), stateDirectory: dataHome.appendingPathComponent("state"))
        try MainActor.assumeIsolated {
            let persistence = BrowserPersistence.open(locations: locations)
            let (main, _) = try BrowserTestWindow.open("Typing Stress", persistence: persistence)
            defer { BrowserTestWindow.destroy(main.window) }
            // The near-misses: each page, with queries and fragments, the index most of all.
            var history: [String] = []
            for page in Self.pages {
                history += ["/\(page)", "/\(page)?q=long", "/\(page)#top", "/\(page)?q=\(page.count)&x=1", "/\(page)#ref"]
            }
            history += Array(repeating: "/index.html?q=long", count: 4)
            XCTAssertGreaterThanOrEqual(history.count, 50)
            for path in history {
                let page = String(path.dropFirst().prefix { $0 != "?" && $0 != "#" })
                XCTAssertTrue(BrowserTestWindow.load(main, base + path, title: page), "history: \(path)")
            }
            // A last page of its own, once the server has answered it: no request of the history's is
            // still in flight to be taken for a typed one's. Its favicon may be asked for after it.
            XCTAssertTrue(BrowserTestWindow.load(main, base + "/deb.html?end", title: "deb.html"))
            XCTAssertTrue(MainLoop.run(until: { server.requestedPaths.last { $0 != "/favicon.ico" } == "/deb.html?end" }, timeout: 10),
                          "the last page asked for: \(server.requestedPaths.suffix(3))")

            var mismatches: [String] = []
            var previous = ""
            for round in 0..<Self.addresses {
                var page = Self.pages.randomElement(using: &random) ?? "index.html"
                while page == previous { page = Self.pages.randomElement(using: &random) ?? "index.html" }
                previous = page
                let typed = "\(host)/\(page)"
                let asked = server.requestedPaths.count
                // From where the focus is after a page loaded (the page), as a user: Ctrl+L.
                XDoTool.run(["key", "--clearmodifiers", "ctrl+l"])
                XCTAssertTrue(MainLoop.run(until: { main.browser.isEditingAddress && main.browser.addressEntry.containsFocus }, timeout: 5),
                              "round \(round): Ctrl+L edits the address")
                // Then one xdotool run (`key` chains where `type` cannot) types the address a key at a time, each key after its own
                // delay, while the window's loop turns (XDoTool.run pumps it) and the history
                // search's answers come in between. The delays are the typist's, not waits for the
                // app: log-uniform between 5 and 150 ms a key (mostly quick keys, some slow ones, as
                // people type), then a pause before Enter, log-uniform up to a second. A human's
                // first key comes a moment after Ctrl+L; before it the window sees Ctrl go up.
                var keys = ["sleep", "0.05"]
                for character in typed {
                    let delay = 5 * pow(30, Double.random(in: 0...1, using: &random)) / 1000
                    keys += ["key", "--delay", "0", Self.keysym(character), "sleep", String(format: "%.3f", delay)]
                }
                let pause = 5 * pow(200, Double.random(in: 0...1, using: &random)) / 1000
                keys += ["sleep", String(format: "%.3f", pause), "key", "Return"]
                XDoTool.run(keys, timeout: 30)
                // Until the server has been asked for a page (its favicon aside) and the tab has finished
                // loading the page typed; a wrong page loading runs into the timeout, then counts below.
                let asks = { server.requestedPaths.dropFirst(asked).filter { $0 != "/favicon.ico" } }
                let loaded = MainLoop.run(until: {
                    !asks().isEmpty && !main.browser.showsLoading && main.browser.state.uri == "\(base)/\(page)"
                }, timeout: 10)
                let got = asks()
                if !loaded {
                    mismatches.append("round \(round): the tab shows \(main.browser.state.uri ?? "nothing"), the field “\(main.browser.addressEntry.text)”")
                }
                if got != ["/\(page)"] { mismatches.append("typed /\(page), the server was asked for \(got)") }
            }
            XCTAssertEqual(mismatches, [], "\(mismatches.count) of \(Self.addresses) typed addresses did not load exactly what was typed")
        }
    }

    /// The X key name xdotool presses for a character of an address (Shift added as needed).
    static func keysym(_ character: Character) -> String {
        switch character {
        case ".": "period"
        case ":": "colon"
        case "/": "slash"
        case "-": "minus"
        case "_": "underscore"
        default: String(character)
        }
    }
}
