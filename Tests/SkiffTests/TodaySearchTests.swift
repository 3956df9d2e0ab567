import Foundation
import Browser
import BrowserModel
import Gtk
@testable import SkiffApp
import TestSupport
import Today
import XCTest

/// Ctrl+F in Today over a feed subscribed from 127.0.0.1: what a screen reader finds while searching
/// (the matching article's card, not the others'), "No articles match", and Escape bringing the
/// feed back; in the Browser the same keys still find in the page.
final class TodaySearchTests: TodayFeedServerTestCase {
    func testCtrlFFindsTheMatchingArticleAndEscapeBringsTheFeedBack() throws {
        server.setResponse(.init(body: "<html><head><title>Quay Page</title></head><body><p>The quay.</p></body></html>"), for: "/page.html")
        let database = self.database
        let feedURL = "\(server.base)/feed.xml"
        let pageURL = try XCTUnwrap(URL(string: "\(server.base)/page.html"))
        try MainActor.assumeIsolated {
            let options = try Options.parse(["--subscribe", feedURL, "--feeds-database", database, "--ephemeral", "--window-size", "1000x900"])
            let main = MainWindow(window: TestApplication.window(), options: options, sandbox: WebSandbox.probe())
            main.window.title = "Today Search"
            main.window.present()
            defer { BrowserTestWindow.destroy(main.window) }
            do {
                guard let window = XDoTool.window(named: "Today Search") else { return XCTFail("no X window") }
                XDoTool.run(["windowmove", window, "0", "0"])
                XDoTool.run(["windowraise", window])
                let tide = "Tide tables for the week", ferry = "The ferry runs again"
                let cardsPresented: @MainActor () -> [String] = {
                    let presented = main.today.root.presentedDescendants().filter { $0.isButton }
                    return [tide, ferry].filter { title in presented.contains { $0.hasLabel(title) } }
                }
                XCTAssertTrue(MainLoop.run(until: { cardsPresented() == [tide, ferry] }, timeout: 20),
                              "the feed's cards: \(cardsPresented()) \(main.today.problemsText ?? "")")

                XDoTool.run(["windowfocus", "--sync", window])
                XDoTool.run(["key", "--clearmodifiers", "ctrl+f"])
                XCTAssertTrue(MainLoop.run(until: { main.today.isSearchOpen }, timeout: 10), "Ctrl+F opened the search bar")
                // Typed over what the field holds until it holds the word: a loaded X server may
                // drop a key (the search is what is tested here, not the X server).
                @MainActor func type(_ word: String) {
                    for _ in 0..<3 {
                        XDoTool.run(["key", "--clearmodifiers", "ctrl+a"])
                        XDoTool.run(["type", "--delay", "30", word])
                        if MainLoop.run(until: { main.today.searchText == word }, timeout: 3) { return }
                    }
                    XCTFail("the field holds “\(main.today.searchText)”, not “\(word)”")
                }
                type("runs")
                XCTAssertTrue(MainLoop.run(until: { cardsPresented() == [ferry] }, timeout: 10),
                              "only the matching article is on the accessibility bus: \(cardsPresented()) \(main.today.root.presentedDescendants().compactMap(\.labelText))")

                type("zeppelin")
                let noMatch = { main.today.root.presentedDescendants().contains { $0.labelText == "No articles match" } }
                XCTAssertTrue(MainLoop.run(until: { noMatch() && cardsPresented().isEmpty }, timeout: 10),
                              "none matches: told, and no card: \(cardsPresented())")

                XDoTool.run(["key", "Escape"])
                XCTAssertTrue(MainLoop.run(until: { !main.today.isSearchOpen && cardsPresented() == [tide, ferry] && !noMatch() }, timeout: 10),
                              "Escape closed the search and the feed is back: \(cardsPresented())")

                // In the Browser, Ctrl+F is still find in page.
                main.openInBrowser(pageURL)
                XCTAssertTrue(MainLoop.run(until: { main.window.title.contains("Quay Page") }, timeout: 20), main.window.title)
                XDoTool.run(["key", "--clearmodifiers", "ctrl+f"])
                let findEntry = { main.browser.root.presentedDescendants().contains { $0.hasLabel("Find in page") } }
                XCTAssertTrue(MainLoop.run(until: findEntry, timeout: 10), "the Browser's find bar opened")
                XCTAssertFalse(main.today.isSearchOpen, "Today's search did not")
            }
        }
    }
}
