import Foundation
import TestSupport
import XCTest

/// The order of the libraries the built `skiff` needs is a start-up cost: the dynamic loader looks up
/// each of the ~70,000 symbols WebKit's libraries need in that order, so WebKit and JavaScriptCore
/// have to come first, as in a bare WebKit window (docs/performance.md "Start-up"). The order comes
/// from the `link` lines of Sources/CGtk/module.modulemap; adding a C module or a `link` elsewhere
/// can change it without any other sign.
final class LinkOrderTests: XCTestCase {
    override func setUpWithError() throws {
        try requireBuiltApp(at: CommandLineTests.skiff)
    }

    func testWebKitIsTheFirstLibraryTheAppNeeds() throws {
        let needed = try Self.neededLibraries(of: CommandLineTests.skiff)
        XCTAssertEqual(Array(needed.prefix(2)), ["libwebkitgtk-6.0.so.4", "libjavascriptcoregtk-6.0.so.1"],
                       "skiff's DT_NEEDED list starts \(needed.prefix(6)): every symbol WebKit looks up at start-up passes these first")
        XCTAssertTrue(needed.contains("libgtk-4.so.1"), "\(needed)")
    }

    /// The DT_NEEDED entries of an ELF file, in order, as `readelf -d` prints them.
    static func neededLibraries(of path: String) throws -> [String] {
        let readelf = "/usr/bin/readelf"
        guard FileManager.default.isExecutableFile(atPath: readelf) else {
            throw TestFailure("\(readelf) is missing (binutils, which the build's linker comes with)")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: readelf)
        p.arguments = ["-d", "-W", path]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "readelf -d \(path)")
        // " 0x0000000000000001 (NEEDED)             Shared library: [libc.so.6]"
        return text.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
            guard let open = line.lastIndex(of: "["), let close = line.lastIndex(of: "]"), open < close else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }
}
