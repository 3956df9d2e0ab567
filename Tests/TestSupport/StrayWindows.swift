import CGtk
import Foundation
import XCTest

/// After every test, once the first xdotool key or click of the run has been sent: hides each window
/// of this process a test left on screen, and says so. A file dialog left open by one failed test
/// held the keyboard for every keyboard test after it (a full run's TypedAddressStressTests took
/// 1,660 s instead of 40): the failure is the first test's, and now stays with it. Hidden, not
/// destroyed: a test's own wrapper may still hold the window.
final class StrayWindows: NSObject, XCTestObservation {
    nonisolated(unsafe) private static var installed = false

    /// Called on the main thread by the first `XDoTool.run`.
    static func installOnce() {
        guard !installed else { return }
        installed = true
        XCTestObservationCenter.shared.addTestObserver(StrayWindows())
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        let name = testCase.name
        // XCTest runs tests, and tells observers, on the main thread.
        MainActor.assumeIsolated {
            for title in Self.hideVisibleWindows() {
                FileHandle.standardError.write(Data("stray-windows: \(name) left the window “\(title)” on screen: hidden\n".utf8))
            }
        }
    }

    @MainActor
    private static func hideVisibleWindows() -> [String] {
        guard let toplevels = gtk_window_get_toplevels() else { return [] }
        var windows: [UnsafeMutablePointer<GtkWindow>] = []
        for index in 0..<g_list_model_get_n_items(toplevels) {
            guard let item = g_list_model_get_item(toplevels, index) else { continue }
            g_object_unref(item)
            let window = item.assumingMemoryBound(to: GtkWindow.self)
            if gtk_widget_get_visible(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self)) != 0 { windows.append(window) }
        }
        // Hidden after the walk: hiding a window can change the list.
        return windows.map { window in
            let title = gtk_window_get_title(window).map { String(cString: $0) } ?? "untitled"
            gtk_widget_set_visible(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self), 0)
            return title
        }
    }
}
