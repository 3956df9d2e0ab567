import Foundation
import Gtk
import XCTest

/// Picture decoding from bytes, off the main thread: the declared size comes from the header,
/// a bomb is refused there, and the rest is decoded straight to the size asked for.
final class ImageDecodingTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/today/images")

    private static func peakResidentBytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
    }

    func testABombIsRefusedFromItsHeaderWithoutDecoding() throws {
        let bomb = try Data(contentsOf: Self.fixtures.appendingPathComponent("bomb-30000.png"))
        XCTAssertLessThan(bomb.count, 200_000)
        let size = try XCTUnwrap(ImageDecoding.declaredSize(of: bomb))
        XCTAssertEqual(size.width, 30000)
        XCTAssertEqual(size.height, 30000)
        let before = Self.peakResidentBytes()
        // Off the main thread, as Today decodes.
        let result = DispatchQueue.global().sync { ImageDecoding.decode(bomb, maximumPixels: 36_000_000, fittingWithin: 2560) }
        guard case .failure(let failure) = result else { return XCTFail("a 900-megapixel picture was decoded") }
        XCTAssertEqual(failure.message, "the picture is 30000×30000 pixels; the limit is 36 megapixels")
        XCTAssertLessThan(Self.peakResidentBytes() - before, 50 << 20, "refusing it cost no pixel memory")
    }

    func testAPictureIsDecodedStraightToTheSizeAsked() throws {
        let picture = try Data(contentsOf: Self.fixtures.appendingPathComponent("card.jpg"))
        let declared = try XCTUnwrap(ImageDecoding.declaredSize(of: picture))
        let result = ImageDecoding.decode(picture, maximumPixels: 36_000_000, fittingWithin: 100)
        guard case .success(let pixels) = result else { return XCTFail("\(result)") }
        defer { pixels.release() }
        XCTAssertEqual(max(pixels.width, pixels.height), 100)
        XCTAssertEqual(Double(pixels.width) / Double(pixels.height), Double(declared.width) / Double(declared.height), accuracy: 0.05)
        let whole = ImageDecoding.decode(picture, maximumPixels: 36_000_000, fittingWithin: 100_000)
        guard case .success(let full) = whole else { return XCTFail("\(whole)") }
        defer { full.release() }
        XCTAssertEqual([full.width, full.height], [declared.width, declared.height], "never scaled up")
    }

    func testBytesThatAreNoPictureGiveAMessage() {
        let result = ImageDecoding.decode(Data("not a picture at all".utf8), maximumPixels: 36_000_000, fittingWithin: 100)
        guard case .failure(let failure) = result else { return XCTFail("garbage decoded") }
        XCTAssertFalse(failure.message.isEmpty)
        XCTAssertNil(ImageDecoding.declaredSize(of: Data()))
    }

    /// A picture made by ImageMagick in `format` ("png", "gif"), 40×30.
    private static func made(_ format: String) throws -> Data {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("decode-\(UUID().uuidString).\(format)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let convert = Process()
        convert.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        convert.arguments = ["-size", "40x30", "xc:orange", path]
        try convert.run()
        convert.waitUntilExit()
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// Each raster format Today takes, through its own decoder only: each says its size before decoding
    /// (the pixel limit is enforced there), and bytes of another format are refused by it.
    func testEachFormatThroughItsOwnDecoderOnly() throws {
        let pictures = ["png": try Self.made("png"), "gif": try Self.made("gif"),
                        "jpeg": try Data(contentsOf: Self.fixtures.appendingPathComponent("card.jpg"))]
        for (decoder, data) in pictures {
            let result = ImageDecoding.decode(data, decoder: decoder, maximumPixels: 36_000_000, fittingWithin: 2560)
            guard case .success(let pixels) = result else { XCTFail("\(decoder): \(result)"); continue }
            pixels.release()
            let refused = ImageDecoding.decode(data, decoder: decoder, maximumPixels: 100, fittingWithin: 2560)
            if decoder != "jpeg" { XCTAssertEqual(try? refused.get().width, nil, "\(decoder): 40×30 is over 100 pixels") }
        }
        let svg = Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>".utf8)
        guard case .failure = ImageDecoding.decode(svg, decoder: "png", maximumPixels: 36_000_000, fittingWithin: 100) else {
            return XCTFail("the PNG decoder decoded an SVG")
        }
        let unknown = ImageDecoding.decode(svg, decoder: "no-such-format", maximumPixels: 36_000_000, fittingWithin: 100)
        XCTAssertEqual(unknown.failureMessage, "this system has no NO-SUCH-FORMAT decoder for gdk-pixbuf")
    }

    /// Past its time limit a decode stops between chunks and says why.
    func testADecodePastItsTimeLimitIsRefused() throws {
        let picture = try Data(contentsOf: Self.fixtures.appendingPathComponent("card.jpg"))
        let result = ImageDecoding.decode(picture, decoder: "jpeg", maximumPixels: 36_000_000, fittingWithin: 100, timeLimit: .zero)
        XCTAssertEqual(result.failureMessage, "decoding it took longer than 0 s, the limit")
        XCTAssertNotNil(try? ImageDecoding.decode(picture, decoder: "jpeg", maximumPixels: 36_000_000, fittingWithin: 100, timeLimit: .seconds(4)).get())
    }
}

private extension Result where Failure == ImageDecoding.Failure {
    var failureMessage: String? {
        if case .failure(let failure) = self { return failure.message }
        return nil
    }
}
