import BrowserModel
import Foundation
import Gtk

/// The toolbar collapses as the page scrolls down and comes back as it scrolls up. The page's
/// scroll events are observed in the capture phase and always passed on: the page scrolls exactly
/// as it would without us. A mouse drag over the page is not scrolling and is ignored.
extension BrowserView {
    func installScrollObservers() {
        let scroll = EventControllerScroll([.vertical])
        scroll.phase = .capture
        scroll.onBegin { [weak self] in
            guard let self else { return }
            self.feed(self.scrollPan.scrollBegan(now: self.now))
        }
        scroll.onScroll { [weak self] _, dy, source in
            guard let self, !self.editing.isEditing else { return false }
            self.feed(self.scrollPan.scrolled(dy: dy, now: self.now, isDiscreteWheel: source.isDiscreteScroll))
            if dy < 0 { self.checkPageTop() }
            return false
        }
        scroll.onEnd { [weak self] in
            guard let self else { return }
            self.feed(self.scrollPan.scrollEnded(now: self.now))
        }
        pagesArea.addController(scroll)

        // A finger on a touchscreen scrolls the page by dragging: observe its travel the same way.
        let touch = GestureDrag()
        touch.setTouchOnly(true)
        touch.phase = .capture
        var last = 0.0
        touch.onBegin { [weak self] _, _ in
            guard let self else { return }
            last = 0
            self.feed(self.scrollPan.scrollBegan(now: self.now))
        }
        touch.onUpdate { [weak self] _, dy in
            guard let self else { return }
            // The finger moving up scrolls the content down.
            self.feed(self.scrollPan.scrolled(dy: -(dy - last), now: self.now, isDiscreteWheel: false))
            if dy - last > 0 { self.checkPageTop() }
            last = dy
        }
        touch.onEnd { [weak self] _, _ in
            guard let self else { return }
            self.feed(self.scrollPan.scrollEnded(now: self.now))
        }
        pagesArea.addController(touch)
    }

    private func feed(_ events: [ScrollPan.Event]) {
        guard !events.isEmpty else { return }
        let t = now
        for event in events { collapse.handle(event, now: t) }
        animate()
    }

    /// Scrolling up to the top of the page brings the toolbar back even if the pan was short.
    /// WebKitGTK does not expose the scroll position, so the page is asked, after it has scrolled.
    func checkPageTop() {
        guard collapse.isCollapsed || collapse.state == .collapsing, let webView = currentPage?.webView else { return }
        MainLoop.after(milliseconds: 50) { [weak self, weak webView] in
            webView?.evaluate("window.scrollY <= 0") { [weak self] result in
                guard let self, result == "true" else { return }
                self.collapse.pageScrolledToTop(now: self.now)
                self.animate()
            }
        }
    }
}
