import Browser
import BrowserModel
import Foundation
import Gtk

/// Preferences: the search engine the address bar sends words to, developer tools, text-only zoom,
/// content blocking, clearing the history and the sites' remembered permissions.
/// A change applies at once; there is no Apply button, as in GNOME apps.
@MainActor
final class PreferencesWindow {
    static let engines: [SearchEngine] = [
        ("DuckDuckGo", "https://duckduckgo.com/?q=%s"),
        ("Startpage", "https://www.startpage.com/do/search?query=%s"),
        ("Wikipedia", "https://en.wikipedia.org/w/index.php?search=%s"),
        ("Google", "https://www.google.com/search?q=%s"),
        ("Bing", "https://www.bing.com/search?q=%s"),
    ].compactMap { SearchEngine(name: $0.0, template: $0.1) }

    let window = Window()
    private let status = Label()
    /// Kept here: the selection handler reads it, and GTK alone would hold only the widget.
    private var engines: DropDown?
    /// The check boxes, kept here: their handlers read them, and GTK alone would hold only the widgets.
    private var checks: [CheckButton] = []
    private(set) var clearDialog: ClearHistoryDialog?
    private var sitePermissions: SitePermissionsPreferences?
    private var keptLogins: [KeptLoginsPreferences] = []
    private var contentBlocking: ContentBlockingPreferences?

    /// The engine a remembered template names (one of the list, or the user's own).
    static func engine(template: String) -> SearchEngine? {
        engines.first { $0.template == template } ?? SearchEngine(name: "Custom", template: template)
    }

    init(browser: BrowserView, settings: SkiffSettings?, transientFor parent: Window) {
        window.title = "Preferences"
        window.setDefaultSize(width: 480, height: 560)
        window.setTransient(for: parent)
        window.isModal = true

        let column = Box(.vertical, spacing: 18)
        column.setMargins(top: 24, bottom: 24, start: 24, end: 24)

        let engineRow = Box(.horizontal, spacing: 12)
        let engineLabel = Label("Search engine")
        engineLabel.hexpand = true
        engineLabel.setXAlign(0)
        var names = Self.engines.map(\.name)
        var current = names.firstIndex(of: browser.searchEngine.name)
        if current == nil {
            // A --search engine of the user's own stays choosable.
            names.append(browser.searchEngine.name)
            current = names.count - 1
        }
        let choices = Self.engines + (current == Self.engines.count ? [browser.searchEngine] : [])
        let engines = DropDown(items: names, accessibleLabel: "Search engine")
        engines.selected = current ?? 0
        self.engines = engines
        engines.onSelectionChanged { [weak self, weak browser, weak settings] in
            guard let engines = self?.engines else { return }
            guard let browser, choices.indices.contains(engines.selected) else { return }
            browser.searchEngine = choices[engines.selected]
            // Remembered for the next launch (a private window remembers nothing).
            settings?.searchTemplate = choices[engines.selected].template
        }
        engineRow.append(engineLabel)
        engineRow.append(engines)
        column.append(engineRow)

        addCheck("Developer tools: Inspect Element in the page’s menu", isOn: browser.developerTools, to: column) { [weak browser, weak settings] on in
            browser?.developerTools = on
            settings?.developerTools = on
        }
        addCheck("Zoom text only (images and layout keep their size)", isOn: browser.zoom.textOnly, to: column) { [weak browser, weak settings] on in
            browser?.zoom.textOnly = on
            settings?.zoomTextOnly = on
        }
        addCheck("Ask where to save each download", isOn: browser.downloads.asksWhereToSave, to: column) { [weak browser, weak settings] on in
            browser?.downloads.asksWhereToSave = on
            settings?.askWhereToSave = on
        }

        let contentBlocking = ContentBlockingPreferences(blocker: .shared) { [weak settings] on in settings?.blocksAdsAndTrackers = on }
        self.contentBlocking = contentBlocking
        column.append(contentBlocking.root)

        let historyRow = Box(.horizontal, spacing: 12)
        let historyLabel = Label(browser.isPrivate ? "A private window keeps no history" : "Pages you have visited")
        historyLabel.hexpand = true
        historyLabel.setXAlign(0)
        let clear = Button(label: "Clear History…")
        clear.addCSSClass("destructive-action")
        clear.isSensitive = !browser.isPrivate
        // The same choice of spans as History's "Clear History…".
        clear.onClicked { [weak self, weak browser] in
            guard let self, let browser else { return }
            let dialog = ClearHistoryDialog(browser: browser, transientFor: self.window) { [weak self] problem in
                self?.status.text = problem.map { "The history could not be cleared: \($0)" } ?? "History cleared."
            }
            self.clearDialog = dialog
            dialog.window.present()
        }
        historyRow.append(historyLabel)
        historyRow.append(clear)
        column.append(historyRow)
        let sitePermissions = SitePermissionsPreferences(permissions: browser.permissions, isPrivate: browser.isPrivate)
        self.sitePermissions = sitePermissions
        column.append(sitePermissions.root)
        for kind in [KeptLoginsPreferences.Kind.forms, .http] {
            let list = KeptLoginsPreferences(kind, isPrivate: browser.isPrivate)
            list.onStatus = { [weak self] text in self?.status.text = text }
            keptLogins.append(list)
            column.append(list.root)
        }
        status.setXAlign(0)
        status.wraps = true
        column.append(status)
        window.setChild(column)
        // A settings window closes on Escape, as GNOME's preference windows do.
        let keys = ShortcutController()
        keys.add("Escape") { [weak self] in
            self?.window.close()
            return true
        }
        window.addController(keys)
    }

    var statusText: String { status.text }

    /// A check box that applies at once: `changed` gets its new state.
    private func addCheck(_ label: String, isOn: Bool, to column: Box, changed: @escaping @MainActor (Bool) -> Void) {
        let check = CheckButton(label: label)
        check.isActive = isOn
        checks.append(check)
        check.onToggled { [weak check] in if let check { changed(check.isActive) } }
        column.append(check)
    }
}

extension MainWindow {
    /// The open Preferences window, for tests that close it.
    public var preferencesWindowForTests: Window? { preferencesWindow?.window }

    func showPreferences() {
        let preferences = PreferencesWindow(browser: browser, settings: settings, transientFor: window)
        preferencesWindow = preferences
        preferences.window.present()
    }
}
