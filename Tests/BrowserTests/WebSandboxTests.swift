import XCTest
@testable import BrowserModel

final class WebSandboxTests: XCTestCase {
    private func script(_ body: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-sandbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("bwrap").path
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    func testRefusedNamespacesAreReportedWithBubblewrapsOwnWords() throws {
        let bwrap = try script("echo 'bwrap: Creating new namespace failed: Operation not permitted' >&2; exit 1")
        let status = WebSandbox.probe(environment: [:], bwrapPath: bwrap, flatpakInfoPath: "/nonexistent/.flatpak-info")
        XCTAssertEqual(status, .unavailable(reason: "bwrap: Creating new namespace failed: Operation not permitted"))
        XCTAssertFalse(status.canShowWebPages)
        XCTAssertTrue(WebSandbox.explanation(for: "x").contains("--no-web-sandbox"), "the user is told how to proceed")
    }

    func testAWorkingSandboxIsAvailable() throws {
        let bwrap = try script("exit 0")
        XCTAssertEqual(WebSandbox.probe(environment: [:], bwrapPath: bwrap, flatpakInfoPath: "/nonexistent/.flatpak-info"), .available)
    }

    func testMissingBubblewrapIsUnavailable() {
        let status = WebSandbox.probe(environment: [:], bwrapPath: "/nonexistent/bwrap", flatpakInfoPath: "/nonexistent/.flatpak-info")
        guard case .unavailable(let reason) = status else { return XCTFail("expected unavailable, got \(status)") }
        XCTAssertTrue(reason.contains("not installed"))
    }

    func testTheUsersChoiceToDisableTheSandboxWins() {
        let status = WebSandbox.probe(environment: [WebSandbox.disableVariable: "1"], bwrapPath: "/nonexistent/bwrap")
        XCTAssertEqual(status, .disabledByUser)
        XCTAssertTrue(status.canShowWebPages)
    }
}
