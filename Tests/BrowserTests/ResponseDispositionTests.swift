import BrowserModel
import XCTest

/// The rule for a response once its headers are in (docs/downloads.md, "Files a page cannot show").
final class ResponseDispositionTests: XCTestCase {
    private func decide(_ mime: String, canShow: Bool, mainFrame: Bool = true, byUser: Bool = true,
                        uri: String = "http://127.0.0.1:8000/file") -> ResponseDisposition {
        ResponseDisposition.decide(.init(mimeType: mime, canShow: canShow, isMainFrame: mainFrame, byUser: byUser, uri: uri))
    }

    func testWhatWebKitShowsIsShown() {
        XCTAssertEqual(decide("text/html", canShow: true), .show)
        XCTAssertEqual(decide("image/png", canShow: true, mainFrame: false, byUser: false), .show)
        XCTAssertEqual(decide("text/plain", canShow: true, uri: "http://h/notes.txt"), .show)
        XCTAssertEqual(decide("text/plain", canShow: true, uri: "http://h/README"), .show)
    }

    func testATypeWebKitCannotShowIsSavedForTheTabsOwnPageClickedOrNot() {
        for mime in ["application/zip", "application/gzip", "application/x-tar", "application/octet-stream", "application/x-debian-package"] {
            XCTAssertEqual(decide(mime, canShow: false), .download, mime)
            // A typed address or a script's navigation: saved too (the no-click question comes after, in Downloads).
            XCTAssertEqual(decide(mime, canShow: false, byUser: false), .download, mime)
        }
    }

    func testASubFramesFileIsSavedOnlyWhenAClickLedThere() {
        XCTAssertEqual(decide("application/zip", canShow: false, mainFrame: false, byUser: true), .download)
        XCTAssertEqual(decide("application/zip", canShow: false, mainFrame: false, byUser: false), .ignore)
    }

    func testTextPlainForAFileThatCannotBeTextIsSaved() {
        for name in ["linux-6.1.tar.gz", "tool.tgz", "disk.iso", "skiff_1.0_amd64.deb", "App.AppImage", "a.zip", "b.tar.xz"] {
            XCTAssertEqual(decide("text/plain", canShow: true, uri: "http://h/dl/\(name)"), .download, name)
            XCTAssertEqual(decide("", canShow: true, uri: "http://h/dl/\(name)"), .download, "no type: \(name)")
        }
        // Only the path counts: a query or fragment that ends in .zip does not.
        XCTAssertEqual(decide("text/plain", canShow: true, uri: "http://h/search?q=a.zip"), .show)
        XCTAssertEqual(decide("text/plain", canShow: true, uri: "http://h/notes#x.tar.gz"), .show)
        // Not in an ad frame nobody clicked.
        XCTAssertEqual(decide("text/plain", canShow: true, mainFrame: false, byUser: false, uri: "http://h/a.zip"), .show)
    }
}
