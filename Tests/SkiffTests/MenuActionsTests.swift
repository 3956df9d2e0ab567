import Foundation
import Gtk
@testable import SkiffApp
import TestSupport
import XCTest

/// Every item of the main menu names an action the window has (issue 35): a typo in a "win.…"
/// string gives a menu item GTK greys out for ever, and nothing else would notice. The names are
/// read from the menu model GTK shows, the actions from GIO's view of the window's group.
final class MenuActionsTests: XCTestCase {
    func testEveryMainMenuItemNamesAnActionTheWindowHas() throws {
        try requireDisplay()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-menu-actions-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let database = folder.appendingPathComponent("feeds.sqlite").path
        try MainActor.assumeIsolated {
            try TodaySubscribeTests.withWindow(["--section", "today"], database: database, title: "Menu Actions") { main in
                // As SkiffApplication gives every window its commands (new window, quit…).
                main.installAppCommands(quit: {}, newPrivateWindow: {}, newWindow: {})
                let names = try XCTUnwrap(main.menuButton).menuActionNames
                XCTAssertGreaterThan(names.count, 15, "the main menu's items: \(names)")
                // The main menu's, and Today's view chooser's ("win.today-view(1)": the action, then its target).
                let chooser = main.viewChooser.menuActionNames
                XCTAssertEqual(chooser.count, 3, "All, Unread, Starred: \(chooser)")
                for name in names + chooser {
                    XCTAssertTrue(name.hasPrefix("win."), "\(name): the main menu's commands are the window's")
                    let action = String(name.dropFirst(4).prefix { $0 != "(" })
                    XCTAssertTrue(main.actions.hasAction(action), "\(name) names no action of the window")
                }
            }
        }
    }
}
