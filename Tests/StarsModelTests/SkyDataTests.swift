import Foundation
import JSONReader
import StarsModel
import XCTest

/// The shipped data file, its validation, the projection and the generated background.
final class SkyDataTests: XCTestCase {
    static let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("data/stars/zodiac.json")

    func temporaryFile(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("zodiac-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testTheShippedSkyHasTheTwelveRealConstellations() throws {
        let sky = try ZodiacSky.load(Self.shipped).get()
        XCTAssertEqual(sky.constellations.map(\.sign), ZodiacSign.allCases)
        let leo = sky.constellations[5]
        let regulus = try XCTUnwrap(leo.stars.first { $0.name == "Regulus" })
        XCTAssertEqual(regulus.ra, 152.09, accuracy: 0.1, "Regulus: RA 10h08m")
        XCTAssertEqual(regulus.dec, 11.97, accuracy: 0.1)
        XCTAssertEqual(regulus.magnitude, 1.35, accuracy: 0.1)
        let scorpius = sky.constellations[8]
        XCTAssertTrue(scorpius.stars.contains { $0.name == "Antares" && $0.magnitude < 1.2 })
        for c in sky.constellations {
            XCTAssertGreaterThanOrEqual(c.lines.count, 4, "\(c.name) has a figure")
        }
    }

    func testMalformedJSONIsReportedWithLineAndColumn() throws {
        let url = try temporaryFile("{\n  \"signs\": [\n    {\"id\": \"pisces\",,}\n  ]\n}\n")
        guard case let .failure(failure) = ZodiacSky.load(url) else { return XCTFail("accepted") }
        XCTAssertEqual(failure.problem.line, 3)
        XCTAssertEqual(failure.problem.column, 21)
        XCTAssertTrue(failure.description.hasPrefix("\(url.path):3:21: "), failure.description)
    }

    func testSignsOutOfOrderAreRefusedAtTheIdsLine() throws {
        var text = try String(contentsOf: Self.shipped, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"id\": \"aries\"", with: "\"id\": \"ares\"")
        let url = try temporaryFile(text)
        guard case let .failure(failure) = ZodiacSky.load(url) else { return XCTFail("accepted") }
        let line = text.components(separatedBy: "\n").firstIndex { $0.contains("\"ares\"") }.map { $0 + 1 }
        XCTAssertEqual(failure.problem.line, line)
        XCTAssertTrue(failure.problem.message.contains("\"aries\""), failure.problem.message)
    }

    func testOutOfRangeValuesAndBadLineIndicesAreRefused() throws {
        let text = try String(contentsOf: Self.shipped, encoding: .utf8)
        for (from, to, expect) in [("\"dec\": ", "\"dec\": 95", "outside"), ("\"lines\": [\n", "\"lines\": [\n[0, 999],\n", "star index")] {
            guard let range = text.range(of: from) else { return XCTFail(from) }
            var broken = text
            if from.hasPrefix("\"dec\"") {
                // Replace the first declination's number.
                let end = text[range.upperBound...].firstIndex(of: ",") ?? range.upperBound
                broken.replaceSubrange(range.lowerBound..<end, with: to)
            } else {
                broken.replaceSubrange(range, with: to)
            }
            guard case let .failure(failure) = ZodiacSky.parse(Data(broken.utf8), file: "z.json") else { return XCTFail("accepted \(to)") }
            XCTAssertTrue(failure.problem.message.contains(expect), failure.problem.message)
            XCTAssertNotNil(failure.problem.line)
        }
    }

    func testFilesOverTheSizeLimitAreRefusedWithoutParsing() throws {
        let url = try temporaryFile(String(repeating: " ", count: ZodiacSky.Limits.fileSize + 1))
        guard case let .failure(failure) = ZodiacSky.load(url) else { return XCTFail("accepted") }
        XCTAssertTrue(failure.problem.message.contains("too large"), failure.problem.message)
    }

    func testGnomonicProjection() throws {
        let centre = try XCTUnwrap(SkyProjection.gnomonic(ra: 150, dec: 10, ra0: 150, dec0: 10))
        XCTAssertEqual(centre.xi, 0, accuracy: 1e-12)
        XCTAssertEqual(centre.eta, 0, accuracy: 1e-12)
        let north = try XCTUnwrap(SkyProjection.gnomonic(ra: 150, dec: 20, ra0: 150, dec0: 10))
        XCTAssertEqual(north.eta, tan(10 * Double.pi / 180), accuracy: 1e-12, "10° north is tan 10° up the plane")
        XCTAssertNil(SkyProjection.gnomonic(ra: 330, dec: -10, ra0: 150, dec0: 10), "the far side has no image")
    }

    func testProjectedFiguresAreUnitSizedWithEastOnTheLeft() throws {
        let sky = try ZodiacSky.load(Self.shipped).get()
        for c in sky.constellations {
            let f = SkyProjection.project(c)
            let xs = f.stars.map(\.x), ys = f.stars.map(\.y)
            let extent = max((xs.max() ?? 0) - (xs.min() ?? 0), (ys.max() ?? 0) - (ys.min() ?? 0))
            XCTAssertEqual(extent, 1, accuracy: 1e-9, c.name)
            XCTAssertGreaterThan(f.totalLength, 0)
        }
        // Leo: Regulus (RA 152°) is west of Denebola (RA 177°), so on the right of it; and south, so lower.
        let leo = SkyProjection.project(sky.constellations[5])
        let names = sky.constellations[5].stars.map(\.name)
        let regulus = try XCTUnwrap(names.firstIndex(of: "Regulus")), denebola = try XCTUnwrap(names.firstIndex(of: "Denebola"))
        XCTAssertGreaterThan(leo.stars[regulus].x, leo.stars[denebola].x)
        XCTAssertGreaterThan(leo.stars[regulus].y, leo.stars[denebola].y)
    }

    func testStrokedSegmentsFollowProgress() throws {
        let sky = try ZodiacSky.load(Self.shipped).get()
        let f = SkyProjection.project(sky.constellations[1])
        XCTAssertTrue(f.strokedSegments(progress: 0).isEmpty)
        XCTAssertEqual(f.strokedSegments(progress: 1).count, f.lines.count)
        let half = f.strokedSegments(progress: 0.5).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
        XCTAssertEqual(half, f.totalLength / 2, accuracy: 1e-9)
    }

    func testTheBackgroundIsTheSameEveryTimeTwentyStarsPerSign() {
        for layer in StarLayer.background {
            let a = BackgroundStars.stars(for: layer), b = BackgroundStars.stars(for: layer)
            XCTAssertEqual(a, b)
            XCTAssertEqual(a.count, 240)
            let stretch = 10 * layer.speed
            for sign in 0..<12 {
                XCTAssertEqual(a.filter { $0.x >= Double(sign) * stretch && $0.x < Double(sign + 1) * stretch }.count, 20)
            }
        }
        XCTAssertNotEqual(BackgroundStars.stars(for: .darkStars), BackgroundStars.stars(for: .largeStars))
    }
}
