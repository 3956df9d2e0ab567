import BrowserModel
import XCTest

/// What a right click offers, GNOME Web's menu as the model (docs/where-am-i.md).
final class PageMenuTests: XCTestCase {
    let engine = SearchEngine.duckDuckGo

    func testALinkOffersTheLinksCommands() {
        let items = PageMenu.items(for: .init(linkURI: "https://example.com/a"), searchEngine: engine, developerTools: false)
        XCTAssertEqual(items, [.openLinkInNewTab("https://example.com/a"), .openLinkInNewWindow("https://example.com/a"),
                               .openLinkInNewPrivateWindow("https://example.com/a"), .separator, .copyLinkAddress, .downloadLinkedFile("https://example.com/a")])
        XCTAssertEqual(items.map(\.label), ["Open Link in New Tab", "Open Link in New Window", "Open Link in New Private Window", "", "Copy Link Address", "Download Linked File"])
    }

    func testAnImageInALinkOffersBoth() {
        let items = PageMenu.items(for: .init(linkURI: "https://example.com/a", imageURI: "https://example.com/i.png"), searchEngine: engine, developerTools: false)
        XCTAssertEqual(items.filter { $0 != .separator }.count, 9)
        XCTAssertTrue(items.contains(.openImageInNewTab("https://example.com/i.png")))
        XCTAssertTrue(items.contains(.saveImageAs("https://example.com/i.png")))
    }

    func testThePageItselfOffersNavigation() {
        XCTAssertEqual(PageMenu.items(for: .init(), searchEngine: engine, developerTools: false), [.back, .forward, .reload, .separator, .selectAll])
        XCTAssertEqual(PageMenu.items(for: .init(isLoading: true), searchEngine: engine, developerTools: true),
                       [.back, .forward, .stop, .separator, .selectAll, .separator, .inspectElement])
    }

    func testATextFieldOffersEditing() {
        XCTAssertEqual(PageMenu.items(for: .init(isEditable: true), searchEngine: engine, developerTools: false),
                       [.cut, .copy, .paste, .delete, .separator, .selectAll, .insertEmoji])
    }

    func testAPasswordFieldOffersAStrongPasswordFirstWhereOneCanBeKept() {
        var target = PageMenu.Target(isEditable: true)
        target.offersStrongPassword = true
        XCTAssertEqual(PageMenu.items(for: target, searchEngine: engine, developerTools: false),
                       [.suggestStrongPassword, .separator, .cut, .copy, .paste, .delete, .separator, .selectAll, .insertEmoji])
        XCTAssertEqual(PageMenu.Item.suggestStrongPassword.label, "Suggest Strong Password")
        target.isEditable = false
        XCTAssertFalse(PageMenu.items(for: target, searchEngine: engine, developerTools: false).contains(.suggestStrongPassword),
                       "only a field is offered one")
    }

    func testASelectionOffersCopyAndASearchWithTheBrowsersEngine() {
        let items = PageMenu.items(for: .init(selection: "  quick\nbrown   fox "), searchEngine: engine, developerTools: false)
        XCTAssertEqual(items, [.copy, .searchWeb(label: "Search the Web for “quick brown fox”", uri: "https://duckduckgo.com/?q=quick%20brown%20fox")])
    }

    func testASearchLabelIsShortAndSafe() {
        let long = "invoice\u{202E}fdp " + String(repeating: "word ", count: 100)
        guard case .searchWeb(let label, let uri)? = PageMenu.items(for: .init(selection: long), searchEngine: engine, developerTools: false).last else {
            return XCTFail("no search")
        }
        XCTAssertTrue(label.contains("invoice%E2%80%AEfdp"), label)
        XCTAssertFalse(label.unicodeScalars.contains("\u{202E}"))
        XCTAssertTrue(label.hasSuffix("…”"), label)
        XCTAssertLessThanOrEqual(label.count, "Search the Web for “”".count + PageMenu.quotedSelectionLength + 20)
        XCTAssertTrue(uri.hasPrefix("https://duckduckgo.com/?q=invoice"))
        // A selection of only spaces, or one whose text is not known, offers no search.
        XCTAssertEqual(PageMenu.items(for: .init(selection: "   "), searchEngine: engine, developerTools: false), [.copy])
        XCTAssertEqual(PageMenu.items(for: .init(hasSelection: true), searchEngine: engine, developerTools: false), [.copy])
    }
}
