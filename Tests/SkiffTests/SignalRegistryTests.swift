import BrowserModel
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// Every signal the app connects, held to what GLib says it sends (the check also runs at connect
/// time in debug builds).
final class SignalRegistryTests: XCTestCase {
    func testEverySignalSkiffConnectsHasTheSignatureItsHandlerExpects() throws {
        try requireDisplay()
        try MainActor.assumeIsolated {
            // The whole app's widgets: the browser with real web views, Today with a story open,
            // and a private window.
            for args in [["--window-size", "1000x700"], ["--section", "today", "--window-size", "1000x700", "--private"]] {
                let main = MainWindow(window: TestApplication.window(), options: try Options.parse(args), sandbox: WebSandbox.probe())
                main.installAppCommands(quit: {}, newPrivateWindow: {})
                main.window.present()
                if args.contains("today") { MainLoop.run(until: { !main.today.visibleCards.isEmpty }, timeout: 10) }
                main.today.openFirstVisibleCard()
                MainLoop.run(until: { main.today.isStoryOpen }, timeout: 5)
                main.window.destroy()
            }
            let connections = SignalRegistry.connections
            let names = Set(connections.map { "\($0.typeName).\($0.signal)" })
            for expected in ["GtkGestureClick.cancel", "GtkGestureClick.stopped", "GtkGestureClick.pressed", "GtkGestureDrag.drag-update",
                             "GtkEventControllerKey.key-pressed", "GtkEventControllerScroll.scroll", "WebKitWebView.load-changed",
                             "WebKitWebView.load-failed", "WebKitWebView.load-failed-with-tls-errors", "WebKitWebView.decide-policy", "GSimpleAction.activate", "GtkButton.clicked"] {
                XCTAssertTrue(names.contains(expected), "\(expected) is among the signals checked: \(names.sorted())")
            }
            XCTAssertGreaterThan(connections.count, 20)
            for connection in connections {
                XCTAssertNil(connection.signature.mismatch(on: connection.type, signal: connection.signal))
            }
        }
    }

}
