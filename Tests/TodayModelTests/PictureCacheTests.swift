import Foundation
import Pictures
import XCTest

/// The disk cache of pictures from the network: least recently used out past the limit
/// (docs/feeds.md, "Pictures from the network").
final class PictureCacheTests: XCTestCase {
    private func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

    func testTheLeastRecentlyUsedGoFirstOncePastTheLimit() {
        var policy = PictureCachePolicy(limit: 100)
        XCTAssertEqual(policy.add("a", bytes: 40, at: at(1)), [])
        XCTAssertEqual(policy.add("b", bytes: 40, at: at(2)), [])
        XCTAssertTrue(policy.use("a", at: at(3)), "a is used again: b is now the oldest")
        XCTAssertEqual(policy.add("c", bytes: 40, at: at(4)), ["b"])
        XCTAssertEqual(policy.totalBytes, 80)
        XCTAssertEqual(Set(policy.entries.keys), ["a", "c"])
        XCTAssertEqual(policy.add("d", bytes: 90, at: at(5)), ["a", "c"], "as many go as it takes, oldest first")
        XCTAssertEqual(policy.totalBytes, 90)
        XCTAssertFalse(policy.use("b", at: at(6)), "an evicted picture is not kept")
    }

    func testAPictureLargerThanTheWholeCacheIsNotKept() {
        var policy = PictureCachePolicy(limit: 100)
        _ = policy.add("a", bytes: 60, at: at(1))
        XCTAssertEqual(policy.add("huge", bytes: 101, at: at(2)), ["huge"])
        XCTAssertEqual(Set(policy.entries.keys), ["a"], "what was kept stays")
        XCTAssertEqual(policy.totalBytes, 60)
    }

    func testFilesFoundAtStartAreTrimmedOldestFirstAndAddingAgainReplaces() {
        var policy = PictureCachePolicy(limit: 100)
        let evicted = policy.adoptAll([("new", 50, at(30)), ("old", 50, at(10)), ("mid", 50, at(20))])
        XCTAssertEqual(evicted, ["old"])
        XCTAssertEqual(policy.add("mid", bytes: 10, at: at(40)), [], "the same name again counts once")
        XCTAssertEqual(policy.totalBytes, 60)
    }

    /// The files on disk: written, kept under the limit (the oldest deleted), and read back at start-up
    /// with their modification times as their last use.
    func testTheFolderStaysUnderItsLimitAndIsReadBackAtStart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-picture-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = PictureDiskCache(folder: folder, limit: 2500)
        cache.load()
        for n in 0..<5 {
            XCTAssertNotNil(cache.store(Data(repeating: UInt8(n), count: 1000), named: "p\(n)", now: at(Double(n))))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(names, ["p3", "p4"], "the three least recently used were deleted")
        let bytes = try names.map { try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent($0).path)[.size] as? Int ?? 0 }
        XCTAssertLessThanOrEqual(bytes.reduce(0, +), 2500)
        XCTAssertNil(cache.store(Data(count: 3000), named: "big"), "larger than the whole cache: not kept")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("big").path))

        // A leftover of a write cut short, and a smaller limit next time.
        try Data("half".utf8).write(to: folder.appendingPathComponent("p9.1234.part"))
        let again = PictureDiskCache(folder: folder, limit: 1500)
        again.load()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).count, 1, "the oldest went, and the half-written file")
        XCTAssertNotNil(again.file(named: "p4") ?? again.file(named: "p3"))
    }
}
