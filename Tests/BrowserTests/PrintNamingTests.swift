import BrowserModel
import XCTest

/// Print to File's offered file: named after the page, in the last PDF's folder, never an earlier one.
final class PrintNamingTests: XCTestCase {
    func testThePDFIsNamedAfterThePageMadeSafe() {
        XCTAssertEqual(PrintNaming.baseName(title: "Harbour dues / 2026", uri: "https://port.example/dues"), "Harbour dues _ 2026")
        XCTAssertEqual(PrintNaming.baseName(title: "..hidden", uri: nil), "hidden", "never a hidden file")
        XCTAssertEqual(PrintNaming.baseName(title: " ", uri: "https://port.example/dues"), "port.example", "no title: the host")
        XCTAssertEqual(PrintNaming.baseName(title: nil, uri: "about:blank"), "page")
    }

    func testAnEarlierPDFIsNeverOfferedForReplacing() {
        let taken: Set = ["Dues.pdf", "Dues (1).pdf"]
        XCTAssertEqual(PrintNaming.unique("Dues", fileExtension: "pdf") { taken.contains($0) }, "Dues (2)")
        XCTAssertEqual(PrintNaming.unique("Tides", fileExtension: "pdf") { taken.contains($0) }, "Tides")
    }

    func testTheNextPDFGoesWhereTheLastOneWent() {
        XCTAssertEqual(PrintNaming.folder(savedFolder: nil, lastFileURI: "file:///home/ann/Papers/Dues.pdf", downloads: "/home/ann/Downloads"),
                       "/home/ann/Papers")
        XCTAssertEqual(PrintNaming.folder(savedFolder: "/srv/prints", lastFileURI: nil, downloads: "/home/ann/Downloads"), "/srv/prints")
        XCTAssertEqual(PrintNaming.folder(savedFolder: "relative", lastFileURI: "https://x/y.pdf", downloads: "/home/ann/Downloads"),
                       "/home/ann/Downloads", "only local absolute folders")
    }
}
