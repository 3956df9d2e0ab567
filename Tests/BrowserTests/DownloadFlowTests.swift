import BrowserModel
import Foundation
import XCTest

/// `DownloadFlow`, the rules of docs/downloads.md, over a folder in memory. The same rules with
/// WebKit, a real server and a real folder: Tests/SkiffTests/DownloadTests.swift.
final class DownloadFlowTests: XCTestCase {
    /// A disk in memory: files by path with their sizes; WebKit "writes" by the test setting a size.
    final class MemoryDisk: DownloadDisk {
        var files: [String: UInt64] = [:]
        var free: UInt64 = 100 << 30
        var size: UInt64 = 500 << 30
        var folderProblem: String?
        /// Names another program takes just before the rename (the race the rename must survive).
        var takenBeforeRename: [String] = []

        func prepare(folder: String) -> String? { folderProblem }
        func space(under folder: String) -> (free: UInt64, size: UInt64)? { (free, size) }
        func exists(_ folder: String, _ name: String) -> Bool { files[folder + "/" + name] != nil }
        func size(of path: String) -> UInt64? { files[path] }
        func renameNoReplace(_ from: String, to: String) -> Int32? {
            if let taken = takenBeforeRename.first { takenBeforeRename.removeFirst(); files[taken] = 1 }
            guard files[to] == nil else { return EEXIST }
            guard let bytes = files.removeValue(forKey: from) else { return ENOENT }
            files[to] = bytes
            return nil
        }
        func display(_ folder: String) -> String { folder.replacingOccurrences(of: "/home/u", with: "~") }
    }

    let folder = "/home/u/Downloads"
    let disk = MemoryDisk()
    var flow = DownloadFlow()
    var clock = 0.0

    @discardableResult
    func send(_ event: DownloadFlow.Event) -> [DownloadFlow.Effect] {
        clock += 0.1
        return flow.handle(event, disk: disk, now: clock)
    }

    func clicked(_ id: String, uri: String, suggested: String = "", expected: UInt64? = nil) -> [DownloadFlow.Effect] {
        send(.started(id: id, uri: uri, folder: folder))
        return send(.destinationAsked(id: id, suggested: suggested, suggestedName: nil, expected: expected,
                                      origin: .init(byUser: true, site: "example.org")))
    }

    func told(_ effects: [DownloadFlow.Effect]) -> [DownloadFlow.Notice] {
        effects.compactMap { if case .tell(let notice) = $0 { notice } else { nil } }
    }

    func testAClickedDownloadIsWrittenAsAPartAndRenamedWholeWhenDone() {
        let effects = clicked("a", uri: "http://127.0.0.1/files/report.pdf", expected: 300)
        XCTAssertEqual(effects, [.journalAdd(partialPath: "\(folder)/report.pdf.part", uri: "http://127.0.0.1/files/report.pdf"),
                                 .showList(soon: false), .setDestination(id: "a", path: "\(folder)/report.pdf.part")])
        XCTAssertEqual(flow.list.entries.first?.state, .running(received: 0, total: 300))
        disk.files["\(folder)/report.pdf.part"] = 300
        XCTAssertEqual(send(.progress(id: "a", received: 300, expected: 300)), [.showList(soon: true)], "progress is shown at most every 100 ms")
        let done = send(.finished(id: "a", received: 300, expected: 300))
        XCTAssertEqual(disk.files, ["\(folder)/report.pdf": 300], "renamed whole, no part left")
        XCTAssertEqual(told(done), [.finished(text: "Downloaded “report.pdf” (300 bytes) to ~/Downloads.", path: "\(folder)/report.pdf")])
        XCTAssertTrue(done.contains(.journalRemove(partialPath: "\(folder)/report.pdf.part")))
        XCTAssertEqual(flow.list.entries.first?.state, .done(path: "\(folder)/report.pdf", size: 300))
        XCTAssertFalse(flow.isRunning("a"))
    }

    func testANameTakenOnDiskOrByADownloadInFlightIsNumbered() {
        disk.files["\(folder)/a.zip"] = 1
        XCTAssertTrue(clicked("1", uri: "http://h/a.zip").contains(.setDestination(id: "1", path: "\(folder)/a (1).zip.part")))
        XCTAssertTrue(clicked("2", uri: "http://h/a.zip").contains(.setDestination(id: "2", path: "\(folder)/a (2).zip.part")),
                      "the first one's name is reserved while it downloads")
    }

    func testANameTakenWhileItDownloadedIsNotOverwritten() {
        _ = clicked("a", uri: "http://h/a.zip")
        disk.files["\(folder)/a.zip.part"] = 10
        disk.takenBeforeRename = ["\(folder)/a.zip"]
        let done = send(.finished(id: "a", received: 10, expected: nil))
        XCTAssertEqual(disk.files["\(folder)/a.zip"], 1, "the other file is untouched")
        XCTAssertEqual(disk.files["\(folder)/a (1).zip"], 10)
        XCTAssertEqual(told(done), [.finished(text: "Downloaded “a (1).zip” (10 bytes) to ~/Downloads.", path: "\(folder)/a (1).zip")])
    }

    func testADownloadNoClickLedToWaitsForAnAnswerAndCancelWritesNothing() {
        send(.started(id: "a", uri: "http://h/setup.exe", folder: folder))
        let asked = send(.destinationAsked(id: "a", suggested: "setup.exe", suggestedName: nil, expected: 2_000_000,
                                           origin: .init(byUser: false, site: "ads.example")))
        XCTAssertEqual(told(asked), [.ask(text: "ads.example wants to download “setup.exe” (2.0 MB) without a click. Save it?", id: "a")])
        XCTAssertFalse(asked.contains { if case .setDestination = $0 { true } else { false } }, "no destination before the answer")
        XCTAssertEqual(flow.list.entries.first?.state, .asking)
        XCTAssertEqual(send(.cancelPressed(id: "a")), [.showList(soon: false), .cancel(id: "a", afterSignal: false)])
        XCTAssertEqual(send(.failed(id: "a", kind: .cancelled, message: "cancelled")), [])
        XCTAssertEqual(send(.finished(id: "a", received: 0, expected: 2_000_000)), [], "refused: nothing more is told")
        XCTAssertEqual(flow.list.entries.first?.state, .cancelled)
        XCTAssertTrue(disk.files.isEmpty)
    }

    func testSaveGoesOnAsForAClickAndAQuestionOutlivedIsWithdrawn() {
        send(.started(id: "a", uri: "http://h/a.bin", folder: folder))
        send(.destinationAsked(id: "a", suggested: "a.bin", suggestedName: nil, expected: nil, origin: .init(byUser: false, site: "h")))
        XCTAssertTrue(send(.answered(id: "a", save: true)).contains(.setDestination(id: "a", path: "\(folder)/a.bin.part")))

        send(.started(id: "b", uri: "http://h/b.bin", folder: folder))
        send(.destinationAsked(id: "b", suggested: "b.bin", suggestedName: nil, expected: nil, origin: .init(byUser: false, site: "h")))
        XCTAssertEqual(told(send(.finished(id: "b", received: 0, expected: nil))), [.withdrawn(id: "b")])
    }

    func testAFolderThatCannotBeWrittenStopsItBeforeAByteWithTheReason() {
        disk.folderProblem = "the folder ~/Downloads is read-only"
        let effects = clicked("a", uri: "http://h/a.bin")
        XCTAssertEqual(told(effects), [.failed(text: "“a.bin” could not be downloaded: the folder ~/Downloads is read-only. Nothing was saved.")])
        XCTAssertEqual(effects.last, .cancel(id: "a", afterSignal: true), "cancelled once WebKit's signal has returned")
        XCTAssertEqual(send(.finished(id: "a", received: 0, expected: nil)), [])
    }

    func testABodyCutShortIsAFailureAndItsPartGoes() {
        _ = clicked("a", uri: "http://h/a.bin", expected: 1000)
        disk.files["\(folder)/a.bin.part"] = 400
        let done = send(.finished(id: "a", received: 400, expected: 1000))
        XCTAssertTrue(done.contains(.removePartial(path: "\(folder)/a.bin.part")))
        XCTAssertEqual(told(done), [.failed(text: "“a.bin” could not be downloaded: " + DownloadReport.truncated(received: 400, expected: 1000) + ". Nothing was saved.")])
        XCTAssertEqual(flow.list.entries.first?.canRetry, true)
    }

    func testADownloadOfUnknownSizeStopsAtTheDisksReserveAndSaysSo() {
        _ = clicked("a", uri: "http://h/stream")
        disk.free = 1 << 20
        let effects = send(.progress(id: "a", received: 1, expected: nil))
        XCTAssertEqual(effects.last, .cancel(id: "a", afterSignal: false))
        send(.failed(id: "a", kind: .cancelled, message: "cancelled"))
        let done = send(.finished(id: "a", received: 1, expected: nil))
        XCTAssertEqual(told(done), [.failed(text: "“stream” could not be downloaded: the disk is nearly full (1.0 MB left). Nothing was saved.")],
                       "told as the disk's failure, not as the user's cancel")
    }

    func testTheUsersCancelIsNotToldAndNothingIsLeft() {
        _ = clicked("a", uri: "http://h/a.bin")
        disk.files["\(folder)/a.bin.part"] = 5
        XCTAssertEqual(send(.cancelPressed(id: "a")), [.cancel(id: "a", afterSignal: false)])
        send(.failed(id: "a", kind: .cancelled, message: "cancelled"))
        let done = send(.finished(id: "a", received: 5, expected: nil))
        XCTAssertEqual(told(done), [])
        XCTAssertTrue(done.contains(.removePartial(path: "\(folder)/a.bin.part")))
        XCTAssertEqual(flow.list.entries.first?.state, .cancelled)
    }

    func testRetryTakesBackTheFailureAndIsNeverAskedAbout() {
        _ = clicked("a", uri: "http://h/a.bin")
        send(.failed(id: "a", kind: .network, message: "Connection reset"))
        let failed = told(send(.finished(id: "a", received: 0, expected: nil)))
        guard case .failed(let text)? = failed.first else { return XCTFail("the failure is told: \(failed)") }
        XCTAssertEqual(send(.retryPressed(id: "a")), [.tell(.resolved(text: text)), .download(uri: "http://h/a.bin"), .showList(soon: false)])
        XCTAssertTrue(flow.list.entries.isEmpty, "the failed entry makes way for the new download's")
        send(.started(id: "b", uri: "http://h/a.bin", folder: folder))
        let again = send(.destinationAsked(id: "b", suggested: "a.bin", suggestedName: nil, expected: nil, origin: .init(byUser: false, site: "h")))
        XCTAssertTrue(again.contains(.setDestination(id: "b", path: "\(folder)/a.bin.part")), "asked for by the user: no question")
    }

    func testAskWhereToSaveGoesWhereTheDialogSaysAndItsCancelWritesNothing() {
        flow.asksWhereToSave = true
        XCTAssertEqual(clicked("a", uri: "http://h/a.bin"), [.showList(soon: false), .askWhere(id: "a", name: "a.bin", folder: folder)])
        XCTAssertTrue(send(.chosen(id: "a", path: "/home/u/Elsewhere/mine.bin")).contains(.setDestination(id: "a", path: "/home/u/Elsewhere/mine.bin.part")))
        _ = clicked("b", uri: "http://h/b.bin")
        XCTAssertEqual(send(.chosen(id: "b", path: nil)), [.showList(soon: false), .cancel(id: "b", afterSignal: false)])
        XCTAssertEqual(flow.list.entries.first?.state, .cancelled)
    }

    func testSaveImageAsAsksWhereWhateverThePreference() {
        XCTAssertEqual(send(.requested(uri: "http://h/cat.png", askWhere: true)), [.download(uri: "http://h/cat.png")])
        XCTAssertEqual(clicked("a", uri: "http://h/cat.png"), [.showList(soon: false), .askWhere(id: "a", name: "cat.png", folder: folder)])
    }

    func testWhatTheLastRunLeftIsListedWithRetryAndToldOnce() {
        let effects = send(.leftByLastRun([.init(name: "big.iso", uri: "http://h/big.iso", folder: "~/Downloads", received: 2048)]))
        XCTAssertEqual(effects.count, 2)
        guard case .tellWhenIdle(.failed(let text)) = effects.last else { return XCTFail("told once the window is up: \(effects)") }
        XCTAssertTrue(text.contains("“big.iso”"), text)
        XCTAssertEqual(flow.list.entries.first?.canRetry, true)
        XCTAssertEqual(send(.leftByLastRun([])), [])
    }
}
