import Foundation
import XCTest

/// Root ignores file permissions, and CI runs as root. A permission test calls this first: as
/// root it runs the same test again as `nobody` (setpriv) and passes only if that run passes; the
/// caller then returns. As anyone else it returns false and the test runs here.
public func reranAsNobody(_ test: XCTestCase, file: StaticString = #filePath, line: UInt = #line) -> Bool {
    guard geteuid() == 0 else { return false }
    // "StoreRecoveryTests.testX" → the runner's "Module.StoreRecoveryTests/testX".
    let module = String(reflecting: type(of: test)).split(separator: ".").first.map(String.init) ?? ""
    let parts = test.name.split(separator: ".")
    guard parts.count == 2 else { XCTFail("unexpected test name \(test.name)", file: file, line: line); return true }
    let selector = "\(module).\(parts[0])/\(parts[1])"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
    process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "--", CommandLine.arguments[0], selector]
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = "/tmp"
    environment["TMPDIR"] = "/tmp"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    do { try process.run() } catch {
        XCTFail("could not run the test as nobody: \(error)", file: file, line: line)
        return true
    }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0, "as nobody:\n\(text)", file: file, line: line)
    XCTAssertTrue(text.contains("Executed 1 test, with 0 failures"), "as nobody:\n\(text)", file: file, line: line)
    return true
}

/// Thrown after an XCTFail to stop a test whose setup failed (never a skip: a skip would read as a pass).
public struct TestFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
