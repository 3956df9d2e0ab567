import BrowserModel
import Foundation
import XCTest

/// The name a downloaded file gets on disk (docs/downloads.md): what a hostile or careless
/// server's Content-Disposition can and cannot make Skiff write.
final class DownloadNamingTests: XCTestCase {
    private func safe(_ name: String) -> String { DownloadNaming.safeName(suggested: name, uri: nil) }

    func testAnOrdinaryNameIsKept() {
        XCTAssertEqual(safe("report 2024.pdf"), "report 2024.pdf")
        XCTAssertEqual(safe("Übersicht – März.ods"), "Übersicht – März.ods")
    }

    func testPathSeparatorsCannotLeaveTheFolder() {
        XCTAssertEqual(safe("../../.bashrc"), "_.._.bashrc")
        XCTAssertEqual(safe("/etc/passwd"), "_etc_passwd")
        XCTAssertEqual(safe("a\\b.txt"), "a_b.txt")
        XCTAssertFalse(safe("../x").contains("/"))
    }

    func testNoHiddenFilesAndNoLeadingDash() {
        XCTAssertEqual(safe(".profile"), "profile")
        XCTAssertEqual(safe("...config.txt"), "config.txt")
        XCTAssertEqual(safe("-rf.sh"), "rf.sh")
        XCTAssertEqual(safe("name. . "), "name")
    }

    func testControlCharactersAndBidiOverridesGo() {
        XCTAssertEqual(safe("a\u{0}b\u{7}c\n.txt"), "abc.txt")
        // "invoice‮fdp.exe" shows as "invoiceexe.pdf" in a bidi-aware view: the override goes.
        XCTAssertEqual(safe("invoice\u{202E}fdp.exe"), "invoicefdp.exe")
        XCTAssertEqual(safe("a\u{2066}b\u{2069}\u{200F}\u{200B}.txt"), "ab.txt")
        XCTAssertEqual(safe("a \t  b.txt"), "a b.txt", "a run of spaces is one space")
    }

    func testNothingUsableFallsBackToTheAddressThenToDownload() {
        XCTAssertEqual(DownloadNaming.safeName(suggested: "...", uri: "http://h/files/My%20File.zip?x=1"), "My File.zip")
        XCTAssertEqual(DownloadNaming.safeName(suggested: nil, uri: "http://h/"), "download")
        XCTAssertEqual(DownloadNaming.safeName(suggested: "\u{202E}", uri: nil), "download")
    }

    func testALongNameIsCutAtACharacterKeepingItsExtension() {
        let long = String(repeating: "é", count: 300) + ".tar.gz"
        let name = safe(long)
        XCTAssertLessThanOrEqual(name.utf8.count, DownloadNaming.maximumNameBytes)
        XCTAssertTrue(name.hasSuffix(".tar.gz"), name)
        XCTAssertTrue(name.hasPrefix("éé"))
        XCTAssertLessThanOrEqual(DownloadNaming.partialName(for: name).utf8.count, 255, "the partial name fits NAME_MAX")
        // A "extension" that is not one is cut like the rest.
        let odd = safe(String(repeating: "x", count: 250) + ".not an extension")
        XCTAssertLessThanOrEqual(odd.utf8.count, DownloadNaming.maximumNameBytes)
    }

    func testALauncherDoesNotKeepAnExtensionThatRunsIt() {
        XCTAssertEqual(safe("game.desktop"), "game.desktop.txt")
        XCTAssertEqual(safe("GAME.DESKTOP"), "GAME.DESKTOP.txt")
    }

    func testAnExistingFileIsNeverReusedTheNameIsNumbered() {
        var taken: Set<String> = ["report.pdf", "report (1).pdf"]
        XCTAssertEqual(DownloadNaming.unique("report.pdf") { taken.contains($0) }, "report (2).pdf")
        XCTAssertEqual(DownloadNaming.unique("new.pdf") { taken.contains($0) }, "new.pdf")
        taken = ["data.tar.gz", "README"]
        XCTAssertEqual(DownloadNaming.unique("data.tar.gz") { taken.contains($0) }, "data (1).tar.gz")
        XCTAssertEqual(DownloadNaming.unique("README") { taken.contains($0) }, "README (1)")
        // A download in flight holds its name through its partial file.
        taken = ["x.bin.part"]
        XCTAssertEqual(DownloadNaming.unique("x.bin") { taken.contains($0) }, "x (1).bin")
        // Numbering a name at the length limit keeps it within the limit.
        let full = String(repeating: "a", count: DownloadNaming.maximumNameBytes - 4) + ".txt"
        let numbered = DownloadNaming.unique(full) { $0 == full }
        XCTAssertLessThanOrEqual(numbered.utf8.count, DownloadNaming.maximumNameBytes)
        XCTAssertTrue(numbered.hasSuffix(" (1).txt"), numbered)
    }

    func testReasonsAreWordsNotCodes() {
        XCTAssertEqual(DownloadReport.reason(kind: .destination, message: "Error writing to file: No space left on device", folder: "~/Downloads"),
                       "the disk is full")
        XCTAssertEqual(DownloadReport.reason(errno: EROFS, folder: "/media/x"), "the folder /media/x is read-only")
        XCTAssertEqual(DownloadReport.reason(errno: EACCES, folder: "/x"), "the folder /x can’t be written to (permission denied)")
        XCTAssertTrue(DownloadReport.reason(kind: .network, message: "Connection terminated unexpectedly", folder: "")
            .hasPrefix("the server cut the connection"))
        XCTAssertEqual(DownloadReport.failed(name: "a.bin", reason: "the disk is full"),
                       "“a.bin” could not be downloaded: the disk is full. Nothing was saved.")
        XCTAssertEqual(DownloadReport.truncated(received: 1000, expected: 300_000), "the server cut the connection (1.0 kB of 300.0 kB came)")
        XCTAssertEqual(DownloadReport.size(999), "999 bytes")
        XCTAssertEqual(DownloadReport.size(1_234_567), "1.2 MB")
    }

    func testADownloadNoticeReplacesThePreviousOneAndKeepsItsActions() {
        var board = NoticeBoard()
        let open = NoticeBoard.Action("Open", .openFile(path: "/d/a"))
        board.downloaded("Downloaded a", actions: [open])
        board.downloaded("Downloaded b", actions: [])
        XCTAssertEqual(board.count, 1)
        XCTAssertEqual(board.current?.text, "Downloaded b")
        board.inform("“c” could not be downloaded: the disk is full. Nothing was saved.")
        XCTAssertEqual(board.current?.kind, .information, "a failure comes before a success")
        board.dismissCurrent()
        board.downloaded("Downloaded d", actions: [open])
        XCTAssertEqual(board.current?.actions, [open])
    }

    func testAQuestionComesBeforeInformationCannotBeDismissedAndGoesWhenAnswered() {
        var board = NoticeBoard()
        board.inform("Your browsing data was moved aside.")
        let save = NoticeBoard.Action("Save", .saveDownload(id: "1"))
        let refuse = NoticeBoard.Action("Cancel", .refuseDownload(id: "1"))
        board.ask("example.org wants to download “a.bin” without a click. Save it?", actions: [save, refuse])
        XCTAssertEqual(board.current?.kind, .question, "what holds a download up comes first")
        XCTAssertFalse(board.dismissCurrent(), "answered, not dismissed")
        board.answered(refuse)
        XCTAssertEqual(board.current?.text, "Your browsing data was moved aside.")
        board.inform("“b” could not be downloaded: the server cut the connection. Nothing was saved.")
        board.withdraw("“b” could not be downloaded: the server cut the connection. Nothing was saved.")
        XCTAssertEqual(board.count, 1, "a failure tried again is taken back")
    }

    func testADownloadMustLeaveTheReserveFree() {
        let gb: UInt64 = 1_000_000_000
        XCTAssertNil(DownloadReport.spaceProblem(length: 5 * gb, received: 0, free: 10 * gb, diskSize: 100 * gb))
        XCTAssertEqual(DownloadReport.spaceProblem(length: 5 * gb, received: 0, free: 5_500_000_000, diskSize: 100 * gb),
                       "it needs 5.0 GB more and the disk has 5.5 GB free (1.0 GB must stay free)")
        XCTAssertNotNil(DownloadReport.spaceProblem(length: 5 * gb, received: 0, free: 4 * gb, diskSize: 100 * gb), "more than is free")
        XCTAssertNil(DownloadReport.spaceProblem(length: 5 * gb, received: 4 * gb, free: 3 * gb, diskSize: 100 * gb),
                     "what is written already counts")
        // A size not given: stopped once the reserve is reached.
        XCTAssertNil(DownloadReport.spaceProblem(length: nil, received: 0, free: 2 * gb, diskSize: 100 * gb))
        XCTAssertEqual(DownloadReport.spaceProblem(length: nil, received: 0, free: 900_000_000, diskSize: 100 * gb),
                       "the disk is nearly full (900.0 MB left)")
        // A small disk keeps a twentieth free, not 1 GB.
        XCTAssertEqual(DownloadReport.reserve(forDiskOf: 8 * gb), 400_000_000)
        XCTAssertNil(DownloadReport.spaceProblem(length: 1_000_000, received: 0, free: 2_000_000, diskSize: 4_000_000))
    }
}
