import BrowserModel
import XCTest

final class DownloadListTests: XCTestCase {
    func testNewestFirstWithStatusLinesAndASummary() {
        var list = DownloadList()
        list.add(id: "a", name: "a.bin", state: .running(received: 0, total: 4_000_000))
        list.add(id: "b", name: "b.bin", state: .running(received: 500, total: nil))
        XCTAssertEqual(list.entries.map(\.name), ["b.bin", "a.bin"])
        list.update(id: "a", state: .running(received: 1_000_000, total: 4_000_000))
        XCTAssertEqual(DownloadList.status(of: list.entries[1]), "1.0 MB of 4.0 MB")
        XCTAssertEqual(DownloadList.status(of: list.entries[0]), "500 bytes")
        XCTAssertEqual(list.summary, "Downloading 2 files, 25 %", "progress over the downloads whose size is known")
        list.update(id: "a", name: "a (1).bin", state: .done(path: "/d/a (1).bin", size: 4_000_000))
        list.update(id: "b", state: .failed(reason: "the disk is full"))
        XCTAssertEqual(DownloadList.status(of: list.entries[1]), "Done — 4.0 MB")
        XCTAssertEqual(list.entries[1].name, "a (1).bin")
        XCTAssertEqual(DownloadList.status(of: list.entries[0]), "Failed: the disk is full")
        XCTAssertEqual(list.summary, "2 downloads")
        XCTAssertNil(list.progress)
    }

    func testTheRingSaysDownloadingWithItsPercentOnlyWhileAnythingRuns() {
        var list = DownloadList()
        XCTAssertNil(list.progressText)
        list.add(id: "a", name: "a.bin", state: .running(received: 0, total: nil))
        XCTAssertEqual(list.progressText, "Downloading", "no size known yet")
        list.update(id: "a", state: .running(received: 400, total: 1_000))
        XCTAssertEqual(list.progressText, "Downloading, 40 %")
        list.update(id: "a", state: .done(path: "/d/a.bin", size: 1_000))
        XCTAssertNil(list.progressText, "no ring once it is done")
        XCTAssertEqual(list.summary, "1 download")
    }

    func testTheListIsBoundedAndNeverDropsARunningDownload() {
        var list = DownloadList()
        list.add(id: "running", name: "big.iso", state: .running(received: 0, total: nil))
        for n in 0..<(DownloadList.maximumEntries + 10) { list.add(id: "\(n)", name: "\(n)", state: .cancelled) }
        XCTAssertEqual(list.entries.count, DownloadList.maximumEntries)
        XCTAssertTrue(list.entries.contains { $0.id == "running" })
        XCTAssertEqual(list.entries.first?.id, "\(DownloadList.maximumEntries + 9)")
    }

    func testSpeedAndTimeLeftComeFromWhatArrivedEachSecond() {
        var list = DownloadList()
        list.add(id: "a", name: "a.iso", state: .running(received: 0, total: 10_000_000))
        list.update(id: "a", state: .running(received: 0, total: 10_000_000), now: 100)
        list.update(id: "a", state: .running(received: 500_000, total: 10_000_000), now: 100.5)
        XCTAssertEqual(DownloadList.status(of: list.entries[0]), "500.0 kB of 10.0 MB", "no speed before a second has passed")
        list.update(id: "a", state: .running(received: 1_000_000, total: 10_000_000), now: 101)
        XCTAssertEqual(DownloadList.status(of: list.entries[0]), "1.0 MB of 10.0 MB — 1.0 MB/s, 9 s left")
        // Slower: the rate moves halfway towards the new measure.
        list.update(id: "a", state: .running(received: 1_500_000, total: 10_000_000), now: 102)
        XCTAssertEqual(DownloadList.status(of: list.entries[0]), "1.5 MB of 10.0 MB — 750.0 kB/s, 12 s left")
        list.update(id: "a", state: .done(path: "/d/a.iso", size: 10_000_000), now: 110)
        XCTAssertNil(list.entries[0].rate)
        XCTAssertEqual(DownloadList.duration(59.2), "1 min")
        XCTAssertEqual(DownloadList.duration(7_800), "2 h 10 min")
        XCTAssertEqual(DownloadList.duration(0.2), "1 s")
    }
}
