import Browser
import BrowserModel
import BrowserStore
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// A completion shown in the address field is selected, so it owns the X PRIMARY selection; when
/// another client takes PRIMARY, GTK collapses the field's selection to its start. Before the fix
/// the completion then counted as accepted and the next keys landed inside it: typing on
/// `…/ch12.h` + `tml` loaded `…/ch12.htmltml` (issue 33, seen in CI as 10 of 100 typed addresses;
/// GDK takes its own release of PRIMARY for another client's claim within the same millisecond).
/// Here a real second client, xclip, takes PRIMARY while the completion is shown, and the keys
/// that follow must load exactly what was typed.
final class AddressCompletionPrimaryTests: XCTestCase {
    var site: URL!
    var server: PlainFileServer!
    var dataHome: URL!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xclip") else {
            throw TestFailure("xclip is required (make test installs it)")
        }
        site = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-primary-site-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        for page in ["ch12.html", "ch1.html"] {
            let file = site.appendingPathComponent(page)
            try Data("<!doctype html><title>\(page)</title><h1>\(page)</h1>".utf8).write(to: file)
            // Dated tomorrow, so WebKit asks the server again on every visit (TypedAddressStressTests).
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(86_400)], ofItemAtPath: file.path)
        }
        server = try PlainFileServer(folder: site)
        dataHome = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-primary-\(UUID().uuidString)")
    }

    override func tearDown() {
        server?.stop()
        if let site { try? FileManager.default.removeItem(at: site) }
        if let dataHome { try? FileManager.default.removeItem(at: dataHome) }
    }

    /// Another X client owns PRIMARY from now until it loses it (xclip then exits by itself).
    private static func claimPrimary() throws -> Process {
        let claim = Process()
        claim.executableURL = URL(fileURLWithPath: "/usr/bin/xclip")
        claim.arguments = ["-quiet", "-selection", "primary", "-i"]
        let input = Pipe()
        claim.standardInput = input
        claim.standardOutput = FileHandle.nullDevice
        claim.standardError = FileHandle.nullDevice
        try claim.run()
        input.fileHandleForWriting.write(Data("from another application".utf8))
        try input.fileHandleForWriting.close()
        return claim
    }

    /// `text`, a key at a time, at a typist's pace.
    @MainActor private static func type(_ text: String) {
        for character in text {
            XDoTool.run(["type", "--delay", "0", String(character)])
            MainLoop.run(for: Double.random(in: 0.02...0.08))
        }
    }

    func testTheKeysAfterAnotherApplicationTookThePrimarySelectionLoadWhatWasTyped() throws {
        let base = server.base
        nonisolated(unsafe) let server = self.server!
        let host = base.replacingOccurrences(of: "http://", with: "")
        let locations = DataLocations(dataDirectory: dataHome.appendingPathComponent("skiff"), stateDirectory: dataHome.appendingPathComponent("state"))
        try MainActor.assumeIsolated {
            let persistence = BrowserPersistence.open(locations: locations)
            let (main, window) = try BrowserTestWindow.open("Primary Selection", persistence: persistence)
            var claims: [Process] = []
            defer {
                // Only the xclip processes this test started, by PID.
                for claim in claims where claim.isRunning { kill(claim.processIdentifier, SIGTERM) }
                BrowserTestWindow.destroy(main.window)
            }
            let entry = main.browser.addressEntry
            XCTAssertTrue(BrowserTestWindow.load(main, base + "/ch12.html", title: "ch12.html"))
            XCTAssertTrue(BrowserTestWindow.load(main, base + "/ch1.html", title: "ch1.html"))
            let prefix = "\(host)/ch12.h"
            let completed = "\(host)/ch12.html"

            // Once: the completion is selected again and the keys typed on replace it.
            XDoTool.run(["windowfocus", "--sync", window])
            XDoTool.run(["key", "--clearmodifiers", "ctrl+l"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.isEditingAddress && entry.containsFocus }, timeout: 5))
            MainLoop.run(for: 0.15)
            Self.type(prefix)
            let completion = prefix.count..<completed.count
            XCTAssertTrue(MainLoop.run(until: { entry.text == completed && entry.selectionRange == completion }, timeout: 10),
                          "the history's page completes what was typed, selected: “\(entry.text)” \(String(describing: entry.selectionRange))")
            let first = try Self.claimPrimary()
            claims.append(first)
            XCTAssertTrue(MainLoop.run(until: { !first.isRunning }, timeout: 10),
                          "the field selects its completion again, taking PRIMARY back (xclip exits when it loses it)")
            XCTAssertEqual(entry.text, completed)
            XCTAssertEqual(entry.selectionRange, completion, "the completion is selected, so the next key replaces it")
            let asked = server.requestedPaths.count
            Self.type("tml")
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { server.requestedPaths.dropFirst(asked).contains { $0 != "/favicon.ico" } && !main.browser.showsLoading }, timeout: 10))
            XCTAssertEqual(server.requestedPaths.dropFirst(asked).filter { $0 != "/favicon.ico" }, ["/ch12.html"],
                           "the server is asked for what was typed")

            // Twice: the completion goes, and what was typed stays with the cursor after it. (From
            // another page: the page on screen is not suggested.)
            XCTAssertTrue(BrowserTestWindow.load(main, base + "/ch1.html", title: "ch1.html"))
            XDoTool.run(["key", "--clearmodifiers", "ctrl+l"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.isEditingAddress && entry.containsFocus }, timeout: 5))
            MainLoop.run(for: 0.15)
            Self.type(prefix)
            XCTAssertTrue(MainLoop.run(until: { entry.text == completed && entry.selectionRange == completion }, timeout: 10),
                          "completed again: “\(entry.text)” \(String(describing: entry.selectionRange))")
            let second = try Self.claimPrimary()
            claims.append(second)
            XCTAssertTrue(MainLoop.run(until: { !second.isRunning }, timeout: 10))
            let third = try Self.claimPrimary()
            claims.append(third)
            XCTAssertTrue(MainLoop.run(until: { entry.text == prefix }, timeout: 10),
                          "taken away a second time, the completion is removed: “\(entry.text)”")
            XCTAssertTrue(third.isRunning, "and PRIMARY stays with the other application")
            XCTAssertNil(entry.selectionRange)
            XCTAssertEqual(entry.cursorPosition, prefix.count, "the cursor is after what was typed")
            let askedAgain = server.requestedPaths.count
            Self.type("tml")
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { server.requestedPaths.dropFirst(askedAgain).contains { $0 != "/favicon.ico" } && !main.browser.showsLoading }, timeout: 10))
            XCTAssertEqual(server.requestedPaths.dropFirst(askedAgain).filter { $0 != "/favicon.ico" }, ["/ch12.html"])
        }
    }
}
