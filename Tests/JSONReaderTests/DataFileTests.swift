import Foundation
import XCTest
import JSONReader

final class DataFileTests: XCTestCase {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("datafile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testAFIFOIsRefusedWithoutBlocking() throws {
        let fifo = try temporaryDirectory().appendingPathComponent("pipe.json")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        // With no writer, a blocking open() would never return and this test would hang.
        XCTAssertEqual(DataFile.read(fifo, maximumSize: 1024), .failure(.notRegular(kind: "a named pipe")))
        XCTAssertFalse(DataFile.isRegularFile(fifo))
    }

    func testADeviceIsNamedAsOne() {
        let result = DataFile.read(URL(fileURLWithPath: "/dev/zero"), maximumSize: 1024)
        XCTAssertEqual(result, .failure(.notRegular(kind: "a device")))
        if case let .failure(failure) = result {
            XCTAssertEqual(failure.description, "this is not a regular file (it is a device)")
        }
    }

    func testSizeLimitIsExactAndMissingAndFoldersAreNamed() throws {
        let folder = try temporaryDirectory()
        let file = folder.appendingPathComponent("data.json")
        try Data(repeating: 0x20, count: 100).write(to: file)
        XCTAssertEqual(DataFile.read(file, maximumSize: 100), .success(Data(repeating: 0x20, count: 100)))
        XCTAssertEqual(DataFile.read(file, maximumSize: 99), .failure(.tooLarge(size: 100, limit: 99)))
        XCTAssertEqual(DataFile.read(folder.appendingPathComponent("nope"), maximumSize: 10), .failure(.missing))
        XCTAssertEqual(DataFile.read(folder, maximumSize: 10), .failure(.folder))
        XCTAssertTrue(DataFile.isRegularFile(file))
    }

    /// procfs reports a size of 0 for files that hold text: they are read to the end (they were read as
    /// one byte), and one past the limit is still refused.
    func testAProcfsFileIsReadWhole() throws {
        let version = URL(fileURLWithPath: "/proc/version")
        let expected = try Data(contentsOf: version)
        XCTAssertGreaterThan(expected.count, 1)
        XCTAssertEqual(DataFile.read(version, maximumSize: 64 * 1024), .success(expected))
        XCTAssertEqual(DataFile.read(version, maximumSize: 4), .failure(.tooLarge(size: 5, limit: 4)))
    }
}
