import BrowserModel
import CGtk
import Foundation
import Gtk
import Home
import HomeModel
import SkiffApp
import TestSupport
import XCTest

/// The Home section as the app assembles it: the tiles' routes reach the Order tab's real pages,
/// and the History button pushes the real History page over the bundled sample.
final class HomeWiringTests: XCTestCase {
    func testTileRoutesAndHistoryReachTheRealPages() throws {
        try requireDisplay()
        try MainActor.assumeIsolated {
            let options = try Options.parse(["--section", "home", "--window-size", "1000x760", "--private"])
            let main = MainWindow(window: TestApplication.window(), options: options, sandbox: .unavailable(reason: "not needed"))
            main.window.present()
            defer { main.window.destroy() }
            GtkRuntime.setAnimationsEnabled(false)
            defer { GtkRuntime.setAnimationsEnabled(true) }

            main.home.openRoute(.menuItem(id: "flat-white"))
            XCTAssertTrue(MainLoop.run(until: { main.home.selectedTab == .order && main.home.depth(of: .order) >= 2 }, timeout: 10),
                          "the tile's Order button opens the item in the Order tab")
            XCTAssertTrue(MainLoop.run(until: { main.home.pageTitle == "Flat White" }, timeout: 5), "its page: \(main.home.pageTitle)")

            main.home.openRoute(.history)
            XCTAssertTrue(MainLoop.run(until: { main.home.selectedTab == .home && main.home.pageTitle == "History" }, timeout: 5),
                          "History is pushed on the Home tab: \(main.home.pageTitle)")
            // The bundled sample, read through the same loader: month headings appear.
            XCTAssertTrue(MainLoop.run(until: {
                main.home.root.presentedDescendants().contains { $0.role == GTK_ACCESSIBLE_ROLE_HEADING && $0.width > 0 }
            }, timeout: 10), "the sample history shows its months")
        }
    }
}
