import Browser
import BrowserModel
import Foundation
import Gtk
@testable import SkiffApp
import TestSupport
import XCTest

/// Every command is a window action made from the one command list, its keys the application's
/// (issue 35): the keys work wherever a user leaves the focus, because GTK handles an
/// application's accelerators on the window before any widget sees the key.
final class CommandKeysTests: XCTestCase {
    /// GTK's own view: each command that runs is an action of the window, the application holds
    /// exactly its keys for "win.name", and a command only listed (a widget's own key) has neither.
    /// In each section, no two enabled actions share a key (F5 is the page's reload or Today's
    /// refresh, never both).
    func testEveryCommandsKeysAreTheApplicationsAndNoEnabledPairShareOne() throws {
        try requireDisplay()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-command-keys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try MainActor.assumeIsolated {
            try TodaySubscribeTests.withWindow(["--section", "browser"], database: folder.appendingPathComponent("feeds.sqlite").path,
                                                title: "Command Keys") { main in
                main.installAppCommands(quit: {}, newPrivateWindow: {}, newWindow: {})
                let application = try XCTUnwrap(main.window.application, "the window is the application's")
                let commands = main.commandGroups.flatMap(\.commands)
                var checked = 0
                for command in commands {
                    let held = application.accelerators(for: "win.\(command.name)")
                    if command.run == nil {
                        XCTAssertFalse(main.actions.hasAction(command.name), "\(command.name) is listed only, yet is an action")
                        XCTAssertEqual(held, [], "\(command.name) is listed only, yet the application holds keys for it")
                        continue
                    }
                    XCTAssertTrue(main.actions.hasAction(command.name), "\(command.name) is no action of the window")
                    let wanted = command.accelerators.map { Accelerator.normalized($0) }
                    XCTAssertFalse(wanted.contains(nil), "\(command.name): GTK cannot read \(command.accelerators)")
                    XCTAssertEqual(held, wanted.compactMap { $0 }, "the application's keys for win.\(command.name)")
                    checked += 1
                }
                XCTAssertGreaterThan(checked, 40, "commands with actions")
                XCTAssertTrue(application.actionsWithAccelerators.contains("win.today-refresh"), "GTK lists win.today-refresh among its accelerated actions")

                for section in Section.allCases {
                    main.stack.visibleChildName = section.rawValue
                    MainLoop.run(until: { main.visibleSection == section }, timeout: 5)
                    var owner: [String: String] = [:]
                    for command in commands where command.run != nil && main.actions.isEnabled(command.name) {
                        for key in application.accelerators(for: "win.\(command.name)") {
                            if let other = owner[key] {
                                XCTFail("\(section): \(key) runs both win.\(other) and win.\(command.name)")
                            }
                            owner[key] = command.name
                        }
                    }
                }
            }
        }
    }

    /// In each section, each command's first key runs it with the focus where a user leaves it:
    /// just launched, after a click on the header, after a click on the section's background (the
    /// page itself in the Browser), and in a text field of the section when the key is not text.
    /// What is read is GIO's activation of the action the key names.
    func testEachSectionsCommandKeysRunWhereverTheFocusIs() throws {
        try requireDisplayAndXDoTool()
        let server = try TestHTTPServer(routes: [
            "/page": .init(body: "<title>Command page</title><body style='height:2000px'><p>Keys go to the window first.</p></body>"),
        ])
        defer { server.stop() }
        server.setResponse(.init(contentType: "application/rss+xml; charset=utf-8", body: TodaySubscribeTests.feed(base: server.base)), for: "/feed.xml")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-command-places-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Keys that leave the focus where it was come first; one that moves it (a search) last.
        let keys: [Section: [(key: String, command: String)]] = [
            .browser: [("ctrl+equal", "zoom-in"), ("ctrl+minus", "zoom-out"), ("ctrl+0", "zoom-reset"), ("ctrl+r", "reload"),
                       ("F5", "reload"), ("ctrl+Tab", "next-tab"), ("ctrl+shift+Tab", "previous-tab"), ("alt+1", "show-browser")],
            .today: [("F5", "today-refresh"), ("ctrl+r", "today-refresh"), ("alt+2", "show-today"), ("ctrl+f", "today-search")],
            .home: [("alt+3", "show-home"), ("alt+Left", "home-back"), ("ctrl+2", "home-tab-scan"), ("ctrl+1", "home-tab-home")],
            .stars: [("alt+4", "show-stars")],
        ]
        try MainActor.assumeIsolated {
            for section in Section.allCases {
                let title = "Command Places \(section.rawValue)"
                let main: MainWindow, id: String
                if section == .browser {
                    (main, id) = try BrowserTestWindow.open(title, showing: "\(server.base)/page", pageTitle: "Command page")
                } else {
                    let options = try Options.parse(["--ephemeral", "--section", section.rawValue, "--window-size", "1000x700",
                                                     "--feeds-database", folder.appendingPathComponent("\(section.rawValue).sqlite").path,
                                                    ] + (section == .today ? ["--subscribe", "\(server.base)/feed.xml"] : []))
                    main = MainWindow(window: TestApplication.window(), options: options, sandbox: .unavailable(reason: "not needed"))
                    main.window.title = title
                    main.window.present()
                    guard let found = XDoTool.window(named: title) else { main.window.destroy(); return XCTFail("no X window titled \(title)") }
                    id = found
                    XDoTool.run(["windowfocus", "--sync", id])
                }
                defer { BrowserTestWindow.destroy(main.window) }
                var runs: [String: Int] = [:]
                for name in Set(try XCTUnwrap(keys[section]).map(\.command)) {
                    try XCTUnwrap(main.actions[name], "win.\(name)").onActivate { runs[name, default: 0] += 1 }
                }
                XCTAssertEqual(main.visibleSection, section)
                if section == .today {
                    XCTAssertTrue(MainLoop.run(until: { main.today.visibleCards.count == 2 && !main.isRefreshingFeeds }, timeout: 20), "the feed's cards")
                }

                /// Each key of the section with the focus put back in `place` before it.
                @MainActor func pressAll(_ place: String, placing: () -> Void) {
                    for (key, command) in keys[section] ?? [] {
                        placing()
                        MainLoop.run(until: { !main.isRefreshingFeeds }, timeout: 20)
                        let before = runs[command, default: 0]
                        XDoTool.run(["key", "--clearmodifiers", key])
                        XCTAssertTrue(MainLoop.run(until: { runs[command, default: 0] > before }, timeout: 5),
                                      "\(section.rawValue): \(key) ran win.\(command) \(place) (focus: \(main.window.focusDescription ?? "none"))")
                    }
                }
                pressAll("just launched") {}

                let switcher = try XCTUnwrap(main.switcher.bounds(in: main.window))
                pressAll("after a click on the header") {
                    // X keeps the click before the key: GTK sees them in that order.
                    XDoTool.click(window: id, x: switcher.x - 60, y: switcher.y + switcher.height / 2)
                }

                let background: Rect
                switch section {
                case .browser: background = try XCTUnwrap(main.browser.webView?.bounds(in: main.window))
                case .today: background = try XCTUnwrap(main.today.root.bounds(in: main.window)).corner
                case .home: background = try XCTUnwrap(main.home.root.bounds(in: main.window)).corner
                case .stars: background = try XCTUnwrap(main.stars.canvas.bounds(in: main.window))
                }
                pressAll("after a click on the section's background") {
                    XDoTool.click(window: id, x: background.x + background.width / 2, y: background.y + background.height / 2)
                    if section == .browser { MainLoop.run(until: { main.browser.webView?.containsFocus == true }, timeout: 5) }
                }
                if section == .browser {
                    XCTAssertTrue(main.browser.webView?.containsFocus == true, "a click on the page gave it the focus")
                }

                switch section {
                case .browser:
                    pressAll("in the address bar") {
                        if !main.browser.addressEntry.containsFocus {
                            XDoTool.run(["key", "--clearmodifiers", "ctrl+l"])
                            MainLoop.run(until: { main.browser.addressEntry.containsFocus }, timeout: 5)
                        }
                    }
                case .today:
                    pressAll("in the search field") {
                        if main.window.focusTypeName != "GtkText" {
                            XDoTool.run(["key", "--clearmodifiers", "ctrl+f"])
                            MainLoop.run(until: { main.window.focusTypeName == "GtkText" }, timeout: 5)
                        }
                    }
                case .home, .stars:
                    break // no text field on the first page
                }
            }
        }
    }
}

private extension Rect {
    /// A 16-px square at the top-left corner: the section's own background, beside its content.
    var corner: Rect { Rect(x: x, y: y, width: 16, height: 16) }
}
