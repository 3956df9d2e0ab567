import Foundation
import XCTest
@testable import BrowserModel

final class BookmarksTests: XCTestCase {
    private func titles(_ bookmarks: Bookmarks, in folder: UUID = Bookmarks.rootID) -> [String] {
        bookmarks.items(in: folder).map(\.title)
    }

    @discardableResult
    private func added(_ result: Bookmarks.AddResult, file: StaticString = #filePath, line: UInt = #line) throws -> Bookmark {
        guard case .added(let item) = result else {
            XCTFail("expected an addition, got \(result)", file: file, line: line)
            throw SetupFailed()
        }
        return item
    }

    func testANewTreeHasOnlyTheFavouritesFolderWhichCannotBeMovedRenamedOrDeleted() {
        var bookmarks = Bookmarks()
        XCTAssertEqual(bookmarks.count, 1)
        XCTAssertEqual(titles(bookmarks), ["Favourites"])
        XCTAssertFalse(bookmarks.rename(id: Bookmarks.favouritesID, to: "Mine"))
        XCTAssertNil(bookmarks.delete(id: Bookmarks.favouritesID))
        XCTAssertNil(bookmarks.delete(id: Bookmarks.rootID))
        XCTAssertFalse(bookmarks.move(id: Bookmarks.favouritesID, to: Bookmarks.rootID, at: 5))
    }

    func testAddingKeepsOrderAndRefusesWhatIsNotAPage() throws {
        var bookmarks = Bookmarks()
        let news = try added(bookmarks.addFolder(title: "News"))
        try added(bookmarks.addBookmark(uri: "https://lwn.net/", title: "LWN", in: news.id))
        try added(bookmarks.addBookmark(uri: "https://first.example/", title: "First", in: news.id, at: 0))
        XCTAssertEqual(titles(bookmarks, in: news.id), ["First", "LWN"])
        for uri in ["javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html,<b>x</b>", "about:blank", "",
                    "https://long.example/" + String(repeating: "a", count: Bookmarks.uriLimit)] {
            XCTAssertEqual(bookmarks.addBookmark(uri: uri, title: "x"), .notAPage, uri)
        }
        XCTAssertEqual(bookmarks.addBookmark(uri: "https://x.example/", title: "x", in: UUID()), .noSuchFolder)
        let page = try XCTUnwrap(bookmarks.bookmarks(for: "https://lwn.net/").first)
        XCTAssertEqual(bookmarks.addBookmark(uri: "https://x.example/", title: "x", in: page.id), .noSuchFolder, "a bookmark holds nothing")
        XCTAssertTrue(bookmarks.isBookmarked("https://lwn.net/"))
        XCTAssertFalse(bookmarks.isBookmarked("https://lwn.net/other"))
    }

    func testTitlesAreFoldedCutAndNeverBlank() throws {
        var bookmarks = Bookmarks()
        let item = try added(bookmarks.addBookmark(uri: "https://www.debian.org/", title: " Debian\n\u{7}News\t "))
        XCTAssertEqual(item.title, "Debian News", "whitespace folded, control characters gone")
        XCTAssertTrue(bookmarks.rename(id: item.id, to: ""))
        XCTAssertEqual(bookmarks[item.id]?.title, "debian.org", "no name: the host")
        let long = try added(bookmarks.addBookmark(uri: "https://l.example/", title: String(repeating: "é", count: 5000)))
        XCTAssertEqual(long.title.count, Bookmarks.titleLimit)
        XCTAssertEqual(try added(bookmarks.addFolder(title: "  ")).title, "New Folder")
    }

    func testMovingRefusesAFolderIntoItselfAndPastTheDepthLimit() throws {
        var bookmarks = Bookmarks()
        let outer = try added(bookmarks.addFolder(title: "Outer"))
        let inner = try added(bookmarks.addFolder(title: "Inner", in: outer.id))
        let page = try added(bookmarks.addBookmark(uri: "https://a.example/", title: "A"))
        XCTAssertFalse(bookmarks.move(id: outer.id, to: inner.id, at: 0), "into its own folder")
        XCTAssertFalse(bookmarks.move(id: outer.id, to: outer.id, at: 0), "into itself")
        XCTAssertTrue(bookmarks.move(id: page.id, to: inner.id, at: 0))
        XCTAssertEqual(bookmarks[page.id]?.parent, inner.id)
        XCTAssertEqual(titles(bookmarks), ["Favourites", "Outer"])
        XCTAssertTrue(bookmarks.move(id: outer.id, to: Bookmarks.rootID, at: 0), "reordered within the root")
        XCTAssertEqual(titles(bookmarks), ["Outer", "Favourites"])

        // A chain as deep as allowed: nothing more nests under it, nor can a folder be moved to deepen it.
        var deepest = Bookmarks.rootID
        for level in 1...Bookmarks.depthLimit { deepest = try added(bookmarks.addFolder(title: "L\(level)", in: deepest)).id }
        XCTAssertEqual(bookmarks.depth(of: deepest), Bookmarks.depthLimit)
        XCTAssertEqual(bookmarks.addFolder(title: "Too deep", in: deepest), .tooDeep)
        XCTAssertFalse(bookmarks.move(id: outer.id, to: deepest, at: 0), "Outer has a folder inside: too deep there")
        XCTAssertTrue(bookmarks.move(id: page.id, to: deepest, at: 0), "a bookmark goes in the deepest folder")
    }

    func testDeletingAFolderTakesItsItemsAndUndoPutsThemAllBackInPlace() throws {
        var bookmarks = Bookmarks()
        let first = try added(bookmarks.addBookmark(uri: "https://first.example/", title: "First"))
        let folder = try added(bookmarks.addFolder(title: "Folder"))
        let sub = try added(bookmarks.addFolder(title: "Sub", in: folder.id))
        try added(bookmarks.addBookmark(uri: "https://a.example/", title: "A", in: folder.id))
        try added(bookmarks.addBookmark(uri: "https://b.example/", title: "B", in: sub.id))
        try added(bookmarks.addBookmark(uri: "https://last.example/", title: "Last"))
        let before = bookmarks

        let deletion = try XCTUnwrap(bookmarks.delete(id: folder.id))
        XCTAssertEqual(deletion.removed.map(\.title), ["Folder", "Sub", "B", "A"])
        XCTAssertEqual(titles(bookmarks), ["Favourites", "First", "Last"])
        XCTAssertFalse(bookmarks.isBookmarked("https://b.example/"))
        XCTAssertEqual(bookmarks.count, 3)
        XCTAssertTrue(bookmarks.undo(deletion))
        XCTAssertEqual(bookmarks, before, "everything back, in its order")
        XCTAssertFalse(bookmarks.undo(deletion), "undone once only")

        let gone = try XCTUnwrap(bookmarks.delete(id: first.id))
        XCTAssertNotNil(bookmarks.delete(id: folder.id))
        XCTAssertTrue(bookmarks.undo(gone))
        XCTAssertEqual(titles(bookmarks), ["Favourites", "First", "Last"])
    }

    func testSearchMatchesEveryWordInTitleOrAddressIgnoringCaseAndAccents() throws {
        var bookmarks = Bookmarks()
        let folder = try added(bookmarks.addFolder(title: "Cafés"))
        try added(bookmarks.addBookmark(uri: "https://cafe.example/menu", title: "Le Café du Coin", in: folder.id))
        try added(bookmarks.addBookmark(uri: "https://www.debian.org/", title: "Debian"))
        XCTAssertEqual(bookmarks.search("cafe COIN").map(\.title), ["Le Café du Coin"])
        XCTAssertEqual(bookmarks.search("debian.org").map(\.title), ["Debian"], "by address")
        XCTAssertEqual(bookmarks.search("cafés"), [], "a folder's name is not a result")
        XCTAssertEqual(bookmarks.search("   "), [])
        XCTAssertEqual(bookmarks.search("debian nothing"), [])
    }

    func testTheCountLimitRefusesMore() throws {
        var bookmarks = Bookmarks()
        var imported = BookmarkImport()
        for i in 0..<(Bookmarks.countLimit + 10) { imported.addBookmark(uri: "https://n\(i).example/", title: "\(i)", parent: nil) }
        XCTAssertEqual(imported.report.overLimit, 10)
        let report = bookmarks.add(imported)
        XCTAssertEqual(bookmarks.count, Bookmarks.countLimit)
        XCTAssertEqual(report.overLimit, 11, "the import's ten, and one the Favourites folder takes room for")
        XCTAssertEqual(bookmarks.addBookmark(uri: "https://more.example/", title: "More"), .full)
    }

    func testAStoredTreeKeepsTheRulesWhateverTheFileHolds() {
        let folder = UUID(), loopA = UUID(), loopB = UUID(), page = UUID()
        var stored = [
            Bookmark(id: folder, parent: Bookmarks.rootID, title: "Folder", uri: nil),
            Bookmark(id: page, parent: folder, title: "Page", uri: "https://page.example/"),
            Bookmark(parent: page, title: "Under a bookmark", uri: "https://under.example/"),
            Bookmark(parent: UUID(), title: "Orphan", uri: "https://orphan.example/"),
            Bookmark(parent: folder, title: "Script", uri: "javascript:alert(1)"),
            Bookmark(id: page, parent: folder, title: "Repeated id", uri: "https://again.example/"),
            Bookmark(id: loopA, parent: loopB, title: "Loop A", uri: nil),
            Bookmark(id: loopB, parent: loopA, title: "Loop B", uri: nil),
            Bookmark(parent: Bookmarks.favouritesID, title: "Tile", uri: "https://tile.example/"),
        ]
        // A chain deeper than allowed: its bookmark ends in the deepest folder allowed.
        var parent = folder
        for level in 2...(Bookmarks.depthLimit + 5) {
            let id = UUID()
            stored.append(Bookmark(id: id, parent: parent, title: "L\(level)", uri: nil))
            parent = id
        }
        stored.append(Bookmark(parent: parent, title: "Deep page", uri: "https://deep.example/"))
        let bookmarks = Bookmarks(stored: stored)
        let all = bookmarks.walk()
        XCTAssertEqual(Set(bookmarks.items(in: Bookmarks.rootID).map(\.title)),
                       ["Favourites", "Folder", "Under a bookmark", "Orphan", "Loop A"])
        XCTAssertEqual(bookmarks.items(in: Bookmarks.favouritesID).map(\.title), ["Tile"])
        XCTAssertFalse(all.contains { $0.title == "Script" || $0.title == "Repeated id" })
        XCTAssertEqual(bookmarks.items(in: loopA).map(\.title), ["Loop B"], "a cycle is broken at the root")
        let deep = try? XCTUnwrap(all.first { $0.title == "Deep page" })
        XCTAssertEqual(deep.map { bookmarks.depth(of: $0.id) }, Bookmarks.depthLimit + 1)
        XCTAssertLessThanOrEqual(all.filter(\.isFolder).map { bookmarks.depth(of: $0.id) }.max() ?? 0, Bookmarks.depthLimit)
    }

    func testTheFavouritesAreTheFavouritesFoldersBookmarksAndReplacingThemKeepsItsFolders() throws {
        var bookmarks = Bookmarks()
        let inside = try added(bookmarks.addFolder(title: "Inside", in: Bookmarks.favouritesID))
        let elsewhere = try added(bookmarks.addBookmark(uri: "https://moved.example/", title: "Moved"))
        let tile = Favourite(uri: "https://tile.example/", title: "Tile")
        bookmarks.replaceFavourites([Favourite(id: elsewhere.id, uri: "https://moved.example/", title: "Moved"), tile,
                                     Favourite(uri: "javascript:alert(1)", title: "Script")])
        XCTAssertEqual(bookmarks.favourites, [Favourite(id: elsewhere.id, uri: "https://moved.example/", title: "Moved"), tile])
        XCTAssertEqual(titles(bookmarks, in: Bookmarks.favouritesID), ["Moved", "Tile", "Inside"], "tiles first, its folders kept")
        XCTAssertEqual(titles(bookmarks), ["Favourites"], "a tile's bookmark is in one place")
        XCTAssertNotNil(bookmarks[inside.id])
        bookmarks.replaceFavourites([tile])
        XCTAssertEqual(titles(bookmarks, in: Bookmarks.favouritesID), ["Tile", "Inside"])
    }

    func testADropOntoAFolderPutsItInsideAndOntoABookmarkTakesItsPlace() throws {
        var bookmarks = Bookmarks()
        let folder = try added(bookmarks.addFolder(title: "Folder"))
        let a = try added(bookmarks.addBookmark(uri: "https://a.example/", title: "A"))
        let b = try added(bookmarks.addBookmark(uri: "https://b.example/", title: "B"))
        let inside = try added(bookmarks.addBookmark(uri: "https://i.example/", title: "I", in: folder.id))
        XCTAssertTrue(bookmarks.drop(b.id, onto: a.id))
        XCTAssertEqual(titles(bookmarks), ["Favourites", "Folder", "B", "A"], "B took A's place")
        XCTAssertTrue(bookmarks.drop(a.id, onto: folder.id))
        XCTAssertEqual(titles(bookmarks, in: folder.id), ["I", "A"], "into the folder, at its end")
        XCTAssertTrue(bookmarks.drop(b.id, onto: inside.id))
        XCTAssertEqual(titles(bookmarks, in: folder.id), ["B", "I", "A"], "into the folder of the bookmark dropped on")
        XCTAssertFalse(bookmarks.drop(folder.id, onto: inside.id), "a folder never into itself")
        XCTAssertFalse(bookmarks.drop(Bookmarks.favouritesID, onto: folder.id), "the Favourites folder stays")
        XCTAssertFalse(bookmarks.drop(a.id, onto: a.id))
    }
}

/// A step the test builds on did not happen (already recorded with XCTFail): the test stops there, failed.
private struct SetupFailed: Error {}
