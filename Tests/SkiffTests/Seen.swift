import Browser
import Gtk
@testable import SkiffApp
import TestSupport

/// What a user reads on screen, or a screen reader hears, of the Browser — read back from GTK (the
/// window's title, the accessible properties GTK holds), never from Skiff's own copy of a value, so
/// a view that forgets to show a change fails the test that waits for it. HACKING.md, "Tests".
@MainActor
extension MainWindow {
    /// The page's title as the address bar tells a screen reader (its accessible description, read
    /// from GTK); nil for a tab with none ("New Tab"). The title bar shows the same, but a test
    /// window keeps its own title for xdotool to find it (`BrowserTestWindow`).
    var shownTitle: String? {
        let said = browser.addressEntry.descriptionAsPresented
        return said == "New Tab" ? nil : said
    }
}

@MainActor
extension BrowserView {
    /// How many tabs are open, as the toolbar's Tabs button tells a screen reader ("3 open"), read
    /// from GTK; nil when the button says no number.
    var heardTabCount: Int? {
        let tabs = root.presentedDescendants(includingHidden: true).first { $0.isButton && $0.hasLabel("Tabs") }
        guard let said = tabs?.description, said.hasSuffix(" open") else { return nil }
        return Int(said.dropLast(" open".count))
    }

    /// Whether the page is loading, as the toolbar says: its Reload button is "Stop" meanwhile (GTK's
    /// accessible name, as a screen reader hears it).
    var showsLoading: Bool {
        root.presentedDescendants(includingHidden: true).contains { $0.isButton && $0.hasLabel("Stop") }
    }
}
