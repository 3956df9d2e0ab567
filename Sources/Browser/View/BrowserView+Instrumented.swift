import BrowserModel
import Foundation
import Gtk

/// A pan over the page collapses and expands the toolbar; a drag swipes the address bars between
/// tabs (and past the last, a new tab): the model calls the scroll and drag handlers make.
extension BrowserView: Instrumented {
    public func perform(_ gesture: ScriptedGesture) {
        switch gesture {
        case .panBegan: feedPan(scrollPan.scrollBegan(now: now))
        case .panned(let dy): feedPan(scrollPan.scrolled(dy: dy, now: now, isDiscreteWheel: false))
        case .panEnded: feedPan(scrollPan.scrollEnded(now: now))
        case .dragBegan:
            pager.dragBegan(now: now)
            _ = barPress.touchpadBegan(editing: false)
        case .dragged(let translation):
            pager.dragChanged(translationX: translation, now: now)
        case .dragEnded:
            _ = barPress.touchpadEnded()
            handle(pager.dragEnded(now: now))
        case .scrolled: return
        }
        animate()
    }

    private func feedPan(_ events: [ScrollPan.Event]) {
        let t = now
        for event in events { collapse.handle(event, now: t) }
    }
}

extension BrowserView {
    /// The current tab's password bar has finished sliding in or out: where a click on it lands.
    public var passwordBarShown: Bool { currentPage?.passwords.bar.isShown ?? false }

    public var passwordBarSettled: Bool {
        guard let revealer = currentPage?.passwords.bar.revealer else { return true }
        return revealer.childRevealed == revealer.revealsChild
    }
}
