import BrowserModel
import Gtk

/// Ctrl+plus / Ctrl+minus / Ctrl+0: the current page's zoom in `PageZoom`'s steps. The level is
/// remembered for the page's site and applied to every page of that site a tab loads
/// (docs/find-and-zoom.md, "Per site").
@MainActor
public final class PageZoomer {
    /// The shown page's level changed (a key, the menu, another tab): its label, "120 %".
    public var onChange: (@MainActor (String) -> Void)?
    private weak var shown: WebView?
    private var reported: String?
    /// The levels per site: the window's database, or memory (a private window). Set by the browser.
    var sites = SiteZoomKeeper.inMemory()
    /// Every page of the window, for a change of `textOnly`. Set by the browser.
    var pages: @MainActor () -> [WebView] = { [] }
    /// Preferences → "Zoom text only": zoom scales the text, not images and boxes.
    public var textOnly = false {
        didSet { for view in pages() { view.zoomsTextOnly = textOnly } }
    }

    func zoomIn(_ view: WebView?) { set(view) { PageZoom.zoomIn(from: $0) } }
    func zoomOut(_ view: WebView?) { set(view) { PageZoom.zoomOut(from: $0) } }
    func reset(_ view: WebView?) { set(view) { _ in PageZoom.normal } }

    /// Ctrl+wheel over the pages zooms the page under it, one step per wheel notch (a touchpad's
    /// smooth scrolling: one step per unit of travel); the page does not scroll meanwhile.
    func installWheel(on pages: Widget, page: @escaping @MainActor () -> WebView?) {
        let scroll = EventControllerScroll([.vertical])
        scroll.phase = .capture
        var travel = 0.0
        scroll.onScroll { [weak self] _, dy, source in
            guard let self, source.modifiers.contains(.control) else { travel = 0; return false }
            travel += dy
            while abs(travel) >= 1 {
                if travel < 0 { self.zoomIn(page()) } else { self.zoomOut(page()) }
                travel -= travel < 0 ? -1 : 1
            }
            return true
        }
        pages.addController(scroll)
    }

    /// A touchpad pinch (or two fingers on a touchscreen) over the pages zooms the page under it,
    /// landing on `PageZoom`'s steps; it takes the pinch before WebKit, whose own pinch scales the
    /// page as a picture rather than re-laying it out.
    func installPinch(on pages: Widget, page: @escaping @MainActor () -> WebView?) {
        let pinch = GestureZoom()
        pinch.phase = .capture
        var start = PageZoom.normal
        pinch.onBegin { start = page()?.zoomLevel ?? PageZoom.normal }
        pinch.onScaleChanged { [weak self] scale in
            let level = PageZoom.pinched(from: start, scale: scale)
            guard let self, let view = page(), abs(view.zoomLevel - level) >= 0.001 else { return }
            self.set(view) { _ in level }
        }
        pages.addController(pinch)
    }

    /// The level of the page on screen, as the menu shows it.
    public var label: String { PageZoom.percent(shown?.zoomLevel ?? PageZoom.normal) }

    /// The browser shows `view` now (a tab switch, a render): the menu follows its level.
    func pageChanged(to view: WebView?) {
        shown = view
        report()
    }

    /// A tab committed a page: the level remembered for its site, 100 % for one never zoomed.
    /// A page without a site (a file, the start page) keeps the tab's level.
    func committed(_ view: WebView?, uri: String?) {
        guard let view else { return }
        if view.zoomsTextOnly != textOnly { view.zoomsTextOnly = textOnly }
        guard let site = Site.of(uri) else { return }
        let level = sites.level(for: site)
        if abs(view.zoomLevel - level) >= 0.001 { view.zoomLevel = level }
        if view === shown { report() }
    }

    private func set(_ view: WebView?, _ change: (Double) -> Double) {
        guard let view else { return }
        view.zoomLevel = change(view.zoomLevel)
        if let site = Site.of(view.uri) { sites.set(view.zoomLevel, for: site) }
        shown = view
        report()
    }

    private func report() {
        let text = label
        guard text != reported else { return }
        reported = text
        onChange?(text)
    }
}
