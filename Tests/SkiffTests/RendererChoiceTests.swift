import Foundation
import Gtk
import TestSupport
import XCTest

/// The renderer GTK draws with when GSK_RENDERER does not say (docs/rendering.md): cairo where GL
/// would run on a software rasteriser, as GTK ≥ 4.14 decides; GSK_RENDERER obeyed whatever it says.
final class RendererChoiceTests: XCTestCase {
    func testSoftwareRasterisersAreToldFromGPUs() {
        for name in ["llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Software Rasterizer"] {
            XCTAssertTrue(RendererChoice.isSoftware(glRenderer: name), name)
        }
        for name in ["Mesa Intel(R) UHD Graphics 620 (KBL GT2)", "AMD Radeon RX 5500 XT (navi14, LLVM 15.0.7, DRM 3.52)",
                     "NVIDIA GeForce GTX 1060/PCIe/SSE2", "virgl (Mesa)"] {
            XCTAssertFalse(RendererChoice.isSoftware(glRenderer: name), name)
        }
        XCTAssertTrue(RendererChoice.isSoftware(eglDriver: "swrast"))
        XCTAssertTrue(RendererChoice.isSoftware(eglDriver: "kms_swrast"))
        XCTAssertFalse(RendererChoice.isSoftware(eglDriver: "iris"))
    }

    /// Under Xvfb GL is Mesa's llvmpipe: with no GSK_RENDERER the app's window gets GTK's cairo renderer.
    func testWithoutGSKRendererTheAppDrawsWithCairoOnLlvmpipe() throws {
        try requireDisplay()
        try requireBuiltApp(at: CommandLineTests.skiff)
        XCTAssertEqual(try Self.rendererOfLaunch(gskRenderer: nil), "GskCairoRenderer")
    }

    func testGSKRendererIsObeyed() throws {
        try requireDisplay()
        try requireBuiltApp(at: CommandLineTests.skiff)
        XCTAssertEqual(try Self.rendererOfLaunch(gskRenderer: "gl"), "GskGLRenderer")
    }

    /// Launches `skiff` and reads the type of the renderer GTK made for its window, as the app logs it
    /// at info level (the object GTK draws with, not Skiff's decision), then ends that process.
    private static func rendererOfLaunch(gskRenderer: String?) throws -> String {
        let app = try LaunchedApp(CommandLineTests.skiff, arguments: ["--private", "--section", "stars", "--window-size", "640x480"],
                                  environment: ["GSK_RENDERER": gskRenderer, "SKIFF_LOG": "info"])
        defer { app.stop() }
        let marker = "GTK draws with "
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let text = app.standardError
            if let line = text.split(separator: "\n").first(where: { $0.contains(marker) }),
               let range = line.range(of: marker) {
                return String(line[range.upperBound...].prefix { $0 != " " })
            }
            guard app.process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TestFailure("the app never said which renderer GTK made: \(app.standardError)")
    }
}
