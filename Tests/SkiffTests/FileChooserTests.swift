import Browser
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// `<input type=file>`: a click opens GTK's file chooser (a window of its own, found by its title);
/// a path typed into it reaches the page; Escape cancels and the page hears it.
final class FileChooserTests: XCTestCase {
    var server: TestHTTPServer!

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
        let page = """
            <title>Upload</title><body style='margin:0'>
            <input type=file id=f accept='text/plain' style='position:fixed;left:0;top:0;width:600px;height:300px;font-size:40px'>
            <script>
            f.onchange = () => { document.title = 'chose: ' + Array.from(f.files).map(x => x.name + ' ' + x.size).join(', ') }
            f.oncancel = () => { document.title = 'cancelled' }
            </script>
            """
        server = try TestHTTPServer(routes: ["/upload": .init(body: page)])
    }

    override func tearDown() { server?.stop() }

    func testAFileChosenInTheChooserReachesThePageAndEscapeCancels() throws {
        let base = server.base
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.txt")
        try Data("twelve bytes".utf8).write(to: file)
        try MainActor.assumeIsolated {
            try BrowserTestWindow.with("File Chooser", showing: "\(base)/upload", pageTitle: "Upload") { main, window in
                MainLoop.run(for: 0.3)
                XDoTool.click(window: window, x: 200, y: 150)
                guard let chooser = XDoTool.window(named: "Choose a File", timeout: 15) else { return XCTFail("no file chooser appeared") }
                XDoTool.run(["windowfocus", "--sync", chooser])
                XCTAssertTrue(InProcessDialog.waitUntilActive("Choose a File", typing: false), "the chooser takes the keys")
                XDoTool.run(["key", "Escape"])
                XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "cancelled" }, timeout: 10),
                              "Escape cancelled, and the page heard it: “\(main.shownTitle ?? "")”")

                XDoTool.run(["windowfocus", "--sync", window])
                XDoTool.click(window: window, x: 200, y: 150)
                // Ctrl+L: GTK's chooser takes a location, the file's path.
                try XDoTool.answerFileDialog("Choose a File", typing: file.path, opening: true)
                XCTAssertTrue(MainLoop.run(until: { main.shownTitle == "chose: notes.txt 12" }, timeout: 15),
                              "the chosen file reached the page: “\(main.shownTitle ?? "")”")
            }
        }
    }
}
