import Browser
import BrowserModel
import Foundation
import Gtk
import SkiffApp
import TestSupport
import XCTest

/// The main menu, the Keyboard Shortcuts window and About, reached with the keyboard alone.
final class MainMenuTests: XCTestCase {
    override func setUpWithError() throws {
        try requireDisplay()
        guard MainActor.assumeIsolated({ XDoTool.isAvailable }) else { return XCTFail("xdotool is required") }
    }

    @MainActor
    private static func makeWindow(_ title: String) throws -> (MainWindow, String) {
        let options = try Options.parse(["--section", "today", "--window-size", "900x640", "--private"])
        let main = MainWindow(window: TestApplication.window(), options: options, sandbox: .unavailable(reason: "not needed"))
        main.window.title = title
        main.installAppCommands(quit: {}, newPrivateWindow: {})
        main.window.present()
        guard let id = XDoTool.window(named: title) else { throw TestFailure("no X window") }
        XDoTool.run(["windowfocus", "--sync", id])
        return (main, id)
    }

    /// An X window with this name is on screen.
    @MainActor
    private static func visibleWindow(named name: String) -> Bool {
        !XDoTool.run(["search", "--onlyvisible", "--name", "^\(name)$"]).isEmpty
    }

    func testF10OpensTheMenuAndItsLastItemOpensAbout() throws {
        try MainActor.assumeIsolated {
            let (main, _) = try Self.makeWindow("Menu About")
            defer {
                main.aboutWindow?.destroy()
                main.shortcutsWindow?.destroy()
                main.window.destroy()
            }
            // The pointer away from where the menu opens: a hovered item would count as selected.
            XDoTool.run(["mousemove", "1279", "799"])
            XDoTool.run(["key", "F10"])
            XCTAssertNotNil(main.window.settledDescendant { $0.labelText == "About Skiff" }, "F10 opened the menu")
            // The first item is highlighted as the menu opens; About is the last: Up wraps round to it.
            XDoTool.run(["key", "Up"])
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { Self.visibleWindow(named: "About Skiff") }, timeout: 5),
                          "About is on screen: \(XDoTool.run(["search", "--onlyvisible", "--name", "."]))")
            XCTAssertEqual(main.aboutWindow?.programName, "Skiff", "named as the metainfo names it")
            // The version a release is made with: the metainfo's newest <release> (tools/validate-data.sh).
            let metainfo = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../data/io.github.skiff.Skiff.metainfo.xml"), encoding: .utf8)
            let release = try XCTUnwrap(metainfo.firstMatch(of: /<release version="([^"]+)"/)?.1)
            XCTAssertEqual(main.aboutWindow?.version, String(release), "About says the metainfo's newest release")
        }
    }

    func testCtrlQuestionMarkListsEveryShortcutFromTheSameCommands() throws {
        try MainActor.assumeIsolated {
            let (main, _) = try Self.makeWindow("Menu Shortcuts")
            defer {
                main.shortcutsWindow?.destroy()
                main.window.destroy()
            }
            XDoTool.run(["key", "--clearmodifiers", "ctrl+question"])
            XCTAssertTrue(MainLoop.run(until: { main.shortcutsWindow?.isVisible == true }, timeout: 5), "Ctrl+? opens Keyboard Shortcuts")
            let xml = ShortcutsWindow.builderXML(groups: [main.browser.commands])
            // A command without keys (Add to Favourites, the menu's) has nothing to list.
            for command in main.browser.commands.commands where !command.accelerators.isEmpty {
                XCTAssertTrue(xml.contains(command.title), "\(command.title) is listed")
            }
            // What the window shows: the Browser's keys on the first page, key names as a reader says
            // them, and every section's keys somewhere.
            let window = try XCTUnwrap(main.shortcutsWindow)
            XCTAssertTrue(MainLoop.run(until: { window.labelTexts().contains("New tab") }, timeout: 3),
                          "the Browser is on the first page: \(window.labelTexts())")
            let shown = window.labelTexts()
            XCTAssertTrue(shown.contains("Browser"), "\(shown)")
            // It fits a 1280 × 800 screen: a group longer than a column is split, never one tall column.
            XCTAssertTrue(MainLoop.run(until: { window.width > 0 }, timeout: 5), "the window is laid out")
            XCTAssertLessThanOrEqual(window.height, 800, "the window is \(window.width) × \(window.height)")
            XCTAssertLessThanOrEqual(window.width, 1280, "the window is \(window.width) × \(window.height)")
            XCTAssertFalse(shown.contains { $0.contains("Page_") }, "no raw key names: \(shown)")
            let all = window.labelTexts(mappedOnly: false)
            for title in ["Window", "Browser", "Today", "Home", "Stars", "Previous or next sign"] {
                XCTAssertTrue(all.contains(title), "\(title) is listed: \(all)")
            }
            XCTAssertFalse(all.contains { $0.contains("Page_") }, "no raw key names on any page")
            XCTAssertTrue(all.contains("Page Down"), "Ctrl+Page Down is spelled out: \(all)")
            // Every listed command with an action is reachable by name, as the menu reaches it.
            XCTAssertNotNil(main.actions["new-tab"])
            XCTAssertNotNil(main.actions["show-today"])
        }
    }

    func testEscapeClosesPreferences() throws {
        try MainActor.assumeIsolated {
            let (main, _) = try Self.makeWindow("Menu Preferences Escape")
            defer {
                main.preferencesWindowForTests?.destroy()
                main.window.destroy()
            }
            XDoTool.run(["key", "--clearmodifiers", "ctrl+comma"])
            XCTAssertTrue(MainLoop.run(until: { Self.visibleWindow(named: "Preferences") }, timeout: 5), "Ctrl+, opens Preferences")
            let prefs = XDoTool.run(["search", "--onlyvisible", "--name", "^Preferences$"]).split(separator: "\n").first.map(String.init) ?? ""
            XDoTool.run(["windowfocus", "--sync", prefs])
            XCTAssertTrue(InProcessDialog.waitUntilActive("Preferences", typing: false), "Preferences takes the keys")
            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(MainLoop.run(until: { !Self.visibleWindow(named: "Preferences") }, timeout: 3), "Escape closes Preferences")
        }
    }

    func testAltNumbersSwitchSections() throws {
        try MainActor.assumeIsolated {
            let (main, id) = try Self.makeWindow("Menu Sections")
            defer { main.window.destroy() }
            XDoTool.run(["key", "--clearmodifiers", "alt+1"])
            XCTAssertTrue(MainLoop.run(until: { main.stack.visibleChildName == "browser" }, timeout: 3))
            XDoTool.run(["key", "--clearmodifiers", "alt+2"])
            XCTAssertTrue(MainLoop.run(until: { XDoTool.run(["getwindowname", id]).hasPrefix("Today") }, timeout: 3),
                          "Alt+2 shows Today: \(XDoTool.run(["getwindowname", id]))")
        }
    }

    /// Outside the Browser its keys are left to the section on screen.
    func testBrowserKeysAreLeftAloneOutsideTheBrowser() throws {
        try MainActor.assumeIsolated {
            let (main, _) = try Self.makeWindow("Menu Keys Elsewhere")
            defer { main.window.destroy() }
            XCTAssertEqual(main.stack.visibleChildName, "today")
            let tabs = main.browser.heardTabCount ?? 0
            XDoTool.run(["key", "--clearmodifiers", "ctrl+t"])
            XCTAssertTrue(MainLoop.holds(for: 0.3) { main.browser.heardTabCount ?? 0 == tabs }, "Ctrl+T in Today opens no browser tab")
            XCTAssertEqual(main.actions["reload"]?.isEnabled, false)
            XDoTool.run(["key", "--clearmodifiers", "alt+1"])
            XCTAssertTrue(MainLoop.run(until: { main.actions["reload"]?.isEnabled == true }, timeout: 2), "back in the Browser they act again")
            XDoTool.run(["key", "--clearmodifiers", "ctrl+t"])
            XCTAssertTrue(MainLoop.run(until: { main.browser.heardTabCount == tabs + 1 }, timeout: 3))
        }
    }
}

/// The search engine chosen in Preferences is remembered (GSettings) and used by the next window.
final class PreferencesTests: XCTestCase {
    func testTheChosenSearchEngineIsRememberedAndCommandLineWins() throws {
        try requireDisplay()
        try MainActor.assumeIsolated {
            let settings = try XCTUnwrap(SkiffSettings.open(), "the schema is found or compiled from data/")
            settings.searchTemplate = nil
            defer { settings.searchTemplate = nil }
            let options = try Options.parse(["--window-size", "900x640"])
            let first = MainWindow(window: TestApplication.window(), options: options, sandbox: .unavailable(reason: "not needed"), settings: settings)
            first.window.title = "Preferences Engine"
            first.window.present()
            guard let id = XDoTool.window(named: "Preferences Engine") else { return XCTFail("no X window") }
            XDoTool.run(["windowfocus", "--sync", id])
            XCTAssertEqual(first.browser.searchEngine.name, "DuckDuckGo")
            XDoTool.run(["key", "--clearmodifiers", "ctrl+comma"])
            XCTAssertTrue(MainLoop.run(until: { !XDoTool.run(["search", "--onlyvisible", "--name", "^Preferences$"]).isEmpty }, timeout: 5),
                          "Ctrl+, opens Preferences")
            // The search engine list is the first control: open it and take the next engine.
            let prefs = XDoTool.run(["search", "--onlyvisible", "--name", "^Preferences$"]).split(separator: "\n").first.map(String.init) ?? ""
            XDoTool.run(["windowfocus", "--sync", prefs])
            // Each key once what it acts on has the focus: the list's button, then (open) its rows.
            let focus = { first.preferencesWindowForTests?.focusDescription ?? "" }
            XCTAssertTrue(MainLoop.run(until: { focus().hasPrefix("GtkToggleButton") }, timeout: 5), "the engine list has the focus: \(focus())")
            XDoTool.run(["key", "space"])
            XCTAssertTrue(MainLoop.run(until: { focus().hasPrefix("GtkListItemWidget") }, timeout: 5), "Space opened the list: \(focus())")
            XDoTool.run(["key", "Down"])
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { settings.searchTemplate != nil }, timeout: 3), "the choice is written to GSettings")
            let chosen = first.browser.searchEngine.name
            XCTAssertNotEqual(chosen, "DuckDuckGo", "and used at once")
            first.preferencesWindowForTests?.destroy()
            first.window.destroy()

            let second = MainWindow(window: TestApplication.window(), options: options, sandbox: .unavailable(reason: "not needed"), settings: settings)
            defer { second.window.destroy() }
            XCTAssertEqual(second.browser.searchEngine.name, chosen, "the next window searches with it")
            let overridden = MainWindow(window: TestApplication.window(), options: try Options.parse(["--search", "https://example.org/?q=%s"]),
                                        sandbox: .unavailable(reason: "not needed"), settings: settings)
            defer { overridden.window.destroy() }
            XCTAssertEqual(overridden.browser.searchEngine.template, "https://example.org/?q=%s", "--search wins for its launch")
        }
    }
}
