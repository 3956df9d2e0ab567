import CGtk
import Foundation
import Gtk
import TestSupport
import XCTest

/// The renderer GTK draws with when GSK_RENDERER does not say (docs/rendering.md): on GTK 4.8 cairo
/// where GL would run on a software rasteriser; on GTK ≥ 4.14 whatever GTK picks by itself, exactly
/// as for a bare GTK window; GSK_RENDERER obeyed whatever it says.
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

    /// Under Xvfb GL is Mesa's llvmpipe. With no GSK_RENDERER, on GTK 4.8 the app's window gets GTK's
    /// cairo renderer; on GTK ≥ 4.14 the one a bare GTK window gets (4.18 falls back to GL on llvmpipe),
    /// and the app starts — on 4.18 its old EGL probe aborted it before any window.
    func testWithoutGSKRendererTheAppDrawsWithWhatGTKWouldPick() throws {
        try requireDisplay()
        try requireBuiltApp(at: CommandLineTests.skiff)
        let skiffs = try Self.rendererOfLaunch(gskRenderer: nil)
        if gtk_get_minor_version() < 14 {
            XCTAssertEqual(skiffs, "GskCairoRenderer")
        } else {
            XCTAssertEqual(skiffs, try Self.bareGTKRenderer(), "the renderer of a bare GTK window in the same display")
        }
    }

    func testGSKRendererIsObeyed() throws {
        try requireDisplay()
        try requireBuiltApp(at: CommandLineTests.skiff)
        XCTAssertEqual(try Self.rendererOfLaunch(gskRenderer: "gl"), "GskGLRenderer")
    }

    /// A bare GTK 4 window (C, no Skiff), built and run in this display with GSK_RENDERER unset: the
    /// type of the renderer GTK made for it.
    private static func bareGTKRenderer() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-bare-gtk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("bare.c"), binary = folder.appendingPathComponent("bare")
        try """
            #include <gtk/gtk.h>
            static void mapped(GtkWidget *w, gpointer d) {
                printf("%s\\n", G_OBJECT_TYPE_NAME(gtk_native_get_renderer(gtk_widget_get_native(w))));
                exit(0);
            }
            int main(void) {
                gtk_init();
                GtkWidget *window = gtk_window_new();
                g_signal_connect(window, "map", G_CALLBACK(mapped), NULL);
                gtk_window_present(GTK_WINDOW(window));
                while (TRUE) g_main_context_iteration(NULL, TRUE);
            }
            """.write(to: source, atomically: true, encoding: .utf8)
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/bin/sh")
        build.arguments = ["-c", "gcc -o '\(binary.path)' '\(source.path)' $(pkg-config --cflags --libs gtk4)"]
        try build.run()
        build.waitUntilExit()
        guard build.terminationStatus == 0 else { throw TestFailure("the bare GTK window did not build") }
        let run = Process()
        // Ended after 30 s should it never map (a window that does not show is the test's failure).
        run.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        run.arguments = ["30", binary.path]
        var environment = ProcessInfo.processInfo.environment
        environment["GSK_RENDERER"] = nil
        run.environment = environment
        let out = Pipe()
        run.standardOutput = out
        try run.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        run.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Launches `skiff` and reads the type of the renderer GTK made for its window, as the app logs it
    /// at info level (the object GTK draws with, not Skiff's decision), then ends that process.
    private static func rendererOfLaunch(gskRenderer: String?) throws -> String {
        let app = try LaunchedApp(CommandLineTests.skiff, arguments: ["--private", "--section", "stars", "--window-size", "640x480"],
                                  environment: ["GSK_RENDERER": gskRenderer, "SKIFF_LOG": "info"])
        defer { app.stop() }
        let marker = "GTK draws with "
        var renderer: String?
        Poll.until(timeout: 30) {
            if let line = app.standardError.split(separator: "\n").first(where: { $0.contains(marker) }),
               let range = line.range(of: marker) {
                renderer = String(line[range.upperBound...].prefix { $0 != " " })
            }
            return renderer != nil || !app.process.isRunning
        }
        if let renderer { return renderer }
        throw TestFailure("the app never said which renderer GTK made: \(app.standardError)")
    }
}
