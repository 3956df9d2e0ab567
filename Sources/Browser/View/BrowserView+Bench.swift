import BrowserModel
import Foundation
import Gtk

/// Scripted input for `skiff --bench`: the same model calls the scroll and drag handlers make,
/// without an X server's input queue in the measurement.
extension BrowserView {
    public func benchScrollBegan() { feedBench(scrollPan.scrollBegan(now: now)) }
    public func benchScroll(dy: Double) { feedBench(scrollPan.scrolled(dy: dy, now: now, isDiscreteWheel: false)) }
    public func benchScrollEnded() { feedBench(scrollPan.scrollEnded(now: now)) }

    public func benchDragBegan() {
        pager.dragBegan(now: now)
        _ = barPress.touchpadBegan(editing: false)
        animate()
    }
    public func benchDrag(translation: Double) {
        pager.dragChanged(translationX: translation, now: now)
        animate()
    }
    public func benchDragEnded() {
        _ = barPress.touchpadEnded()
        handle(pager.dragEnded(now: now))
        animate()
    }

    /// Loads `html` into every tab (for the memory figure with many tabs).
    public func benchOpenTabs(count: Int, html: String) {
        while pager.tabs.count < count {
            newTab()
            endEditing(commit: false)
            currentPage?.webView?.loadHTML(html, baseURI: "http://127.0.0.1/")
        }
    }

    private func feedBench(_ events: [ScrollPan.Event]) {
        let t = now
        for event in events { collapse.handle(event, now: t) }
        animate()
    }
}
