import BrowserModel
import Gtk

/// Ctrl+plus / Ctrl+minus / Ctrl+0: the current page's zoom in `PageZoom`'s steps. WebKit keeps the
/// level per web view, so each tab keeps its own across its loads (docs/find-and-zoom.md).
@MainActor
public final class PageZoomer {
    /// The shown page's level changed (a key, the menu, another tab): its label, "120 %".
    public var onChange: (@MainActor (String) -> Void)?
    private weak var shown: WebView?
    private var reported: String?

    func zoomIn(_ view: WebView?) { set(view) { PageZoom.zoomIn(from: $0) } }
    func zoomOut(_ view: WebView?) { set(view) { PageZoom.zoomOut(from: $0) } }
    func reset(_ view: WebView?) { set(view) { _ in PageZoom.normal } }

    /// The level of the page on screen, as the menu shows it.
    public var label: String { PageZoom.percent(shown?.zoomLevel ?? PageZoom.normal) }

    /// The browser shows `view` now (a tab switch, a render): the menu follows its level.
    func pageChanged(to view: WebView?) {
        shown = view
        report()
    }

    private func set(_ view: WebView?, _ change: (Double) -> Double) {
        guard let view else { return }
        view.zoomLevel = change(view.zoomLevel)
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
