import Foundation
import TodayModel
import Pictures
import XCTest

/// A picture's format is read from its first bytes, whatever its name says.
final class PictureFormatTests: XCTestCase {
    private func sniff(_ bytes: [UInt8]) -> Result<PictureFormat, PictureFile.Refusal> { PictureFormat.sniff(Data(bytes)) }
    private func sniff(_ text: String) -> Result<PictureFormat, PictureFile.Refusal> { PictureFormat.sniff(Data(text.utf8)) }

    func testTheFourRasterFormatsAreKnownByTheirMagicNumbers() {
        XCTAssertEqual(try sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]).get(), .png)
        XCTAssertEqual(try sniff([0xFF, 0xD8, 0xFF, 0xE0, 0, 16]).get(), .jpeg)
        XCTAssertEqual(try sniff("GIF89a\u{1}\0\u{1}\0").get(), .gif)
        XCTAssertEqual(try sniff("GIF87a\u{1}\0\u{1}\0").get(), .gif)
        XCTAssertEqual(try sniff("RIFF\u{24}\0\0\0WEBPVP8 ").get(), .webp)
        XCTAssertEqual(PictureFormat.allCases.map(\.decoderName), ["png", "jpeg", "gif", "webp"], "gdk-pixbuf's names")
    }

    func testSVGAndOtherMarkupAreRefusedWhateverTheyAreCalled() {
        let svg = "it is an SVG or other XML or HTML document, not a picture; only PNG, JPEG, WebP and GIF pictures are shown"
        for text in ["<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY a \"a\">]><svg/>",
                     "\u{FEFF}  \n\t<svg/>", "<!DOCTYPE html><html>"] {
            XCTAssertEqual(sniff(text).refusal, svg, text)
        }
        XCTAssertEqual(sniff([0xFF, 0xFE, UInt8(ascii: "<"), 0, UInt8(ascii: "s"), 0]).refusal, svg, "UTF-16")
        XCTAssertEqual(sniff([0x1F, 0x8B, 8, 0]).refusal,
                       "it is compressed (gzip, as an SVGZ is), not a picture; only PNG, JPEG, WebP and GIF pictures are shown")
    }

    func testOtherFormatsGdkPixbufKnowsAndTruncatedHeadersAreRefused() {
        let other = "it is not a PNG, JPEG, WebP or GIF picture; only PNG, JPEG, WebP and GIF pictures are shown"
        XCTAssertEqual(sniff("II*\0").refusal, other, "TIFF")
        XCTAssertEqual(sniff([0, 0, 1, 0, 1, 0]).refusal, other, "ICO")
        XCTAssertEqual(sniff("BM").refusal, other, "BMP")
        XCTAssertEqual(sniff("/* XPM */").refusal, other, "XPM")
        XCTAssertEqual(sniff("RIFF\u{24}\0\0\0ACON").refusal, other, "an animated cursor is RIFF too")
        XCTAssertEqual(sniff([0x89, 0x50, 0x4E, 0x47]).refusal, other, "half a PNG signature")
        XCTAssertEqual(sniff("GIF8").refusal, other)
        XCTAssertEqual(sniff([]).refusal, "the file is empty")
    }
}

private extension Result where Failure == PictureFile.Refusal {
    var refusal: String? {
        if case .failure(let refusal) = self { return refusal.message }
        return nil
    }
}
