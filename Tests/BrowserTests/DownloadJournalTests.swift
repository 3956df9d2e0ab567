import BrowserModel
import XCTest

/// The journal of downloads in flight, as the next launch reads it (docs/downloads.md, "When Skiff
/// stops mid-download"): only partial files Skiff wrote down are ever named for removal.
final class DownloadJournalTests: XCTestCase {
    func testWhatIsWrittenIsReadBack() {
        var journal = DownloadJournal()
        journal.add(partialPath: "/home/u/Downloads/big.bin.part", uri: "http://127.0.0.1:8000/big")
        journal.add(partialPath: "/home/u/Downloads/a b.iso.part", uri: nil)
        let read = DownloadJournal(text: journal.text)
        XCTAssertEqual(read, journal)
        XCTAssertEqual(read.entries.map(\.name), ["big.bin", "a b.iso"])
        journal.remove(partialPath: "/home/u/Downloads/big.bin.part")
        XCTAssertEqual(DownloadJournal(text: journal.text).entries.map(\.name), ["a b.iso"])
    }

    func testAPlantedOrDamagedJournalNamesNothingButPartialFiles() {
        let text = """
            /home/u/.bashrc\thttp://x/
            relative/file.part\thttp://x/
            /home/u/Downloads/../.ssh/id.part\thttp://x/
            /home/u/Downloads/ok.part\tjavascript:alert(1)
            garbage with no tab
            /home/u/Downloads/ok.part\thttp://again/
            \(String(repeating: "/a", count: 5000)).part
            """
        let journal = DownloadJournal(text: text)
        XCTAssertEqual(journal.entries, [.init(partialPath: "/home/u/Downloads/ok.part", uri: "")],
                       "only an absolute *.part path without .., once; an address that is not http(s) is dropped")
    }

    func testTheJournalIsBounded() {
        let text = (0..<10_000).map { "/d/\($0).part\thttp://h/\($0)\n" }.joined()
        XCTAssertEqual(DownloadJournal(text: text).entries.count, DownloadJournal.maximumEntries)
        var journal = DownloadJournal()
        for index in 0..<(DownloadJournal.maximumEntries + 10) { journal.add(partialPath: "/d/\(index).part", uri: "http://h/\(index)\tx\ny") }
        XCTAssertEqual(journal.entries.count, DownloadJournal.maximumEntries)
        XCTAssertEqual(DownloadJournal(text: journal.text), journal, "tabs and newlines in an address cannot break the lines")
    }

    func testTheNoticeNamesTheFiles() {
        XCTAssertEqual(DownloadJournal.notice(names: ["big.bin"], folder: "~/Downloads"),
                       "A download was cut short when Skiff last stopped: “big.bin”. The unfinished files were removed from ~/Downloads; Retry is in the downloads list.")
        XCTAssertTrue(DownloadJournal.notice(names: ["a", "b", "c", "d", "e"], folder: "~/D").contains("“a”, “b”, “c” and 2 more"))
        XCTAssertEqual(DownloadJournal.interruptedReason(received: 1_420_000_000),
                       "Skiff stopped before it was whole (1.4 GB had come; the part was removed)")
    }

    func testEachProcessHasAJournalNamedForItsPIDAndStartTime() {
        let owner = DownloadJournal.Owner(pid: 4242, start: 987654)
        XCTAssertEqual(owner.fileName, "in-flight-4242-987654")
        XCTAssertEqual(DownloadJournal.Owner(fileName: owner.fileName), owner)
        for name in ["in-flight-4242", "in-flight--1-5", "in-flight-0-5", "in-flight-a-5", "other-4242-5", "in-flight-1-2-3"] {
            XCTAssertNil(DownloadJournal.Owner(fileName: name), name)
        }
        // A command with spaces and parentheses ends at the last ')'; the start time is field 22.
        let stat = "4242 (Web (x) y) S 1 4242 4242 0 -1 4194560 100 0 0 0 5 3 0 0 20 0 12 0 987654 123456 789"
        XCTAssertEqual(DownloadJournal.Owner.start(statLine: stat), 987654)
        XCTAssertNil(DownloadJournal.Owner.start(statLine: "4242 (short) S 1 2"))
    }
}
