import ContentFilters
import Foundation
import XCTest

/// Lists too big, too many and not lists at all: read in bounded time and memory, and what lies
/// past each bound counted. The big inputs are written here, in a temporary folder.
final class FilterBoundsTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "filter-bounds-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(atPath: folder)
    }

    /// Writes `lineCount` filters of exactly 32 bytes each (newline included), a megabyte at a time.
    private func writeFilters(_ path: String, lineCount: Int) throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        var block = Data()
        for index in 0..<lineCount {
            let digits = String(index)
            block.append(contentsOf: Array(("||ad" + String(repeating: "0", count: 8 - digits.count) + digits
                                            + ".example.com^$image\n").utf8))
            if block.count >= 1 << 20 {
                try handle.write(contentsOf: block)
                block.removeAll(keepingCapacity: true)
            }
        }
        try handle.write(contentsOf: block)
    }

    /// Every line read is ignored, converted, skipped for a reason or past the limit: none is lost.
    static func assertEveryLineAccountedFor(_ list: ListReport, file: StaticString = #filePath, line: UInt = #line) {
        let skipped = list.skipped.values.reduce(0) { $0 + $1.count }
        XCTAssertEqual(list.linesIgnored + list.filtersConverted + skipped + list.pastRuleLimit, list.linesRead,
                       file: file, line: line)
    }

    func testAHundredMegabyteListIsReadOnlyToTheSizeLimit() throws {
        let path = folder + "/huge.txt"
        let lineCount = 100 * 1024 * 1024 / 32
        try writeFilters(path, lineCount: lineCount)
        // Few rules kept, so the test spends its time reading, not converting (a debug build
        // converts some 30,000 filters a second).
        let limits = FilterLimits(rulesPerChunk: 5_000, maximumRules: 10_000)
        var converter = FilterConverter(limits: limits)
        converter.addList(named: "Huge", path: path)
        let output = converter.finish()
        let list = output.report.lists[0]
        XCTAssertNil(list.failure)
        XCTAssertEqual(list.bytesNotRead, (100 - 32) * 1024 * 1024)
        XCTAssertEqual(list.linesRead, 32 * 1024 * 1024 / 32)
        XCTAssertEqual(list.filtersConverted, 10_000)
        XCTAssertEqual(list.pastRuleLimit, 32 * 1024 * 1024 / 32 - 10_000)
        XCTAssertEqual(output.chunks.map(\.ruleCount), [5_000, 5_000])
        Self.assertEveryLineAccountedFor(list)
    }

    func testAMillionRulesStopAtTheRuleLimitAndAreCounted() throws {
        let path = folder + "/million.txt"
        try writeFilters(path, lineCount: 1_000_000)
        let limits = FilterLimits(rulesPerChunk: 4_000, maximumRules: 20_000)
        var converter = FilterConverter(limits: limits)
        converter.addList(named: "Million", path: path)
        converter.addList(named: "After", text: "||more.example^\n! a comment")
        let output = converter.finish()
        let list = output.report.lists[0]
        XCTAssertEqual(list.linesRead, 1_000_000)
        XCTAssertEqual(list.bytesNotRead, 0)
        XCTAssertEqual(list.filtersConverted, 20_000)
        XCTAssertEqual(list.pastRuleLimit, 980_000)
        XCTAssertEqual(output.report.lists[1].pastRuleLimit, 1)
        XCTAssertEqual(output.report.lists[1].linesIgnored, 1)
        XCTAssertEqual(output.report.rulesWritten, 20_000)
        XCTAssertEqual(output.chunks.count, 5)
        XCTAssertTrue(output.chunks.allSatisfy { $0.ruleCount == 4_000 })
        Self.assertEveryLineAccountedFor(list)
    }

    func testGarbageBytesAreCountedUnreadable() throws {
        // A megabyte of noise from a fixed seed: NULs, invalid UTF-8, control characters, lines of
        // every length. Whatever happens to look like a filter may convert; nothing may crash.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var bytes = [UInt8](repeating: 0, count: 1 << 20)
        for index in bytes.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = UInt8(truncatingIfNeeded: state >> 56)
            bytes[index] = value % 37 == 0 ? 0x0A : value
        }
        let path = folder + "/garbage.txt"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        var converter = FilterConverter()
        converter.addList(named: "Garbage", path: path)
        let output = converter.finish()
        let list = output.report.lists[0]
        XCTAssertGreaterThan(list.linesRead, 20_000)
        XCTAssertGreaterThan(list.unreadableLines, list.linesRead * 9 / 10)
        XCTAssertGreaterThan(list.skipped[.notUTF8]?.count ?? 0, 0)
        XCTAssertLessThanOrEqual(list.skipped[.notUTF8]?.examples.count ?? 0, 3)
        Self.assertEveryLineAccountedFor(list)
        for chunk in output.chunks {
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: chunk.json))
        }
    }

    func testLinesPastTheLengthLimitAreSkippedToTheirNewline() throws {
        let long = String(repeating: "a", count: 3 * 65_536 + 5)
        let text = "||a.example^\n" + long + "\n||b.example^\n##." + long + "\r\n||c.example^"
        for viaFile in [false, true] {
            var converter = FilterConverter(limits: FilterLimits(maximumLineBytes: 1_000))
            if viaFile {
                let path = folder + "/long.txt"
                try text.write(toFile: path, atomically: true, encoding: .utf8)
                converter.addList(named: "Long", path: path)
            } else {
                converter.addList(named: "Long", text: text)
            }
            let list = converter.finish().report.lists[0]
            XCTAssertEqual(list.linesRead, 5)
            XCTAssertEqual(list.skipped[.tooLong]?.count, 2)
            XCTAssertEqual(list.skipped[.tooLong]?.examples.first?.count, 121)
            XCTAssertEqual(list.filtersConverted, 3)
            Self.assertEveryLineAccountedFor(list)
        }
    }

    func testALineWithoutNewlineLongerThanTheFile() throws {
        let path = folder + "/one-line.txt"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x61, count: 5 << 20)))
        var converter = FilterConverter()
        converter.addList(named: "One line", path: path)
        let list = converter.finish().report.lists[0]
        XCTAssertEqual(list.linesRead, 1)
        XCTAssertEqual(list.skipped[.tooLong]?.count, 1)
    }
}
