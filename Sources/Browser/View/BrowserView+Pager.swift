import BrowserModel
import Foundation
import Gtk

/// Swiping the address bars, touchpad horizontal scrolling over them, and the tab commands
/// (new, close, next, previous) that drive the same pager.
extension BrowserView {
    func installPagerInput() {
        // Every decision (press, swipe, click, rejected) is BarPress's; this feeds it and acts on its answers.
        let drag = GestureDrag()
        drag.phase = .capture
        drag.onBegin { [weak self] x, _ in
            guard let self else { return }
            self.barPress.pressed(at: x, editing: self.editing.isEditing)
        }
        drag.onUpdate { [weak self] (dx: Double, dy: Double, source: EventSource) in
            guard let self else { return }
            switch self.barPress.moved(dx: dx, dy: dy) {
            case .none:
                return
            case let .began(translation):
                // From here on it is a swipe: the entry must not also select text.
                source.claim()
                self.pager.dragBegan(now: self.now)
                self.pager.dragChanged(translationX: translation, now: self.now)
            case let .moved(translation):
                self.pager.dragChanged(translationX: translation, now: self.now)
            }
            self.animate()
        }
        drag.onEnd { [weak self] _, _ in
            guard let self else { return }
            switch self.barPress.released() {
            case .none:
                break
            case .swipeEnded:
                self.handle(self.pager.dragEnded(now: self.now))
                self.animate()
            case let .click(x):
                if self.collapse.isCollapsed {
                    // A click on the compact bar brings the toolbar back.
                    self.collapse.expand(now: self.now)
                    self.animate()
                } else {
                    self.tapBar(at: x)
                }
            }
        }
        barsArea.addController(drag)

        // Touchpad: two fingers sideways over the bars swipe them; the lift of the fingers ends it.
        let scroll = EventControllerScroll([.horizontal])
        scroll.onBegin { [weak self] in
            guard let self, self.barPress.touchpadBegan(editing: self.editing.isEditing) else { return }
            self.pager.dragBegan(now: self.now)
        }
        scroll.onScroll { [weak self] dx, _, source in
            guard let self, !self.editing.isEditing else { return false }
            if source.isDiscreteScroll {
                // A tilt wheel or a sideways notch: one tab per notch.
                if dx != 0 { self.selectTab(offset: dx > 0 ? 1 : -1) }
                return true
            }
            guard let translation = self.barPress.touchpadScrolled(dx: dx) else { return false }
            self.pager.dragChanged(translationX: translation, now: self.now)
            self.animate()
            return true
        }
        scroll.onEnd { [weak self] in
            guard let self, self.barPress.touchpadEnded() else { return }
            self.handle(self.pager.dragEnded(now: self.now))
            self.animate()
        }
        barsArea.addController(scroll)
    }

    /// A click that did not become a swipe: on the current bar it edits the address (as a tap
    /// does in Safari); on a neighbour it goes to that tab; on the "+" bar it opens a new one.
    /// Entries take no clicks themselves until editing, so a press can still become a swipe.
    private func tapBar(at x: Double) {
        let layout = pager.layout(now: now)
        guard let bar = layout.bars.first(where: { x >= $0.x && x <= $0.x + $0.width }) else { return }
        if bar.isNewTabPlaceholder {
            newTab()
        } else if bar.tabID == pager.tabs.current.id {
            focusAddressBar()
        } else {
            selectTab(at: bar.index)
        }
    }

    func handle(_ outcome: PagerOutcome) {
        switch outcome {
        case .none:
            break
        case .selectedTab:
            tabSelected()
        case .createdTab(let tab):
            addPage(for: tab)
            tabSelected(focusPage: false)
            beginEditing()
        }
    }

    /// What follows a change of the current tab: focus its page, show its state. A new tab goes
    /// straight to its address instead (WebKit would take a focus request made before it is shown
    /// when it is mapped, after the address has the focus).
    func tabSelected(focusPage: Bool = true) {
        suspender.selected(pager.tabs.current.id)
        // A tab whose page waits for a dialog's answer gives the focus to the dialog.
        if focusPage && !editing.isEditing, currentPage?.dialogs.focus() != true { currentPage?.webView?.grabFocus() }
        persistence?.tabsChanged(self)
        render()
        animate()
    }

    // MARK: Commands

    /// Ctrl+T, the "+" button: a new tab at the end with the overscroll's reveal, address focused.
    public func newTab() {
        // From the overview: back to the page first, then the new tab as always.
        if tabOverview.isOpen { return tabOverview.closeBackToCurrent { [weak self] in self?.newTab() } }
        endEditing(commit: false)
        let tab = pager.revealNewTab(now: now)
        addPage(for: tab)
        tabSelected(focusPage: false)
        beginEditing()
    }

    /// Ctrl+W, the close button: the pager settles on the neighbour.
    public func closeTab(at index: Int? = nil) {
        let tabs = pager.tabs.tabs
        let i = index ?? pager.tabs.currentIndex
        guard tabs.indices.contains(i) else { return }
        keepClosed(tabs[i], at: i)
        endEditing(commit: false)
        guard let result = pager.closeTab(id: tabs[i].id, now: now) else { return }
        removePage(id: result.closedTab.id)
        if let replacement = result.replacementTab { addPage(for: replacement) }
        tabSelected()
    }

    /// Ctrl+Tab / Ctrl+PgDn (+1), Ctrl+Shift+Tab / Ctrl+PgUp (−1): wraps around, animated.
    public func selectTab(offset: Int) {
        let count = pager.tabs.count
        guard count > 1 else { return }
        endEditing(commit: false)
        let target = ((pager.tabs.currentIndex + offset) % count + count) % count
        pager.select(target, now: now, animated: Widget.animationsEnabled)
        tabSelected()
    }

    public func selectTab(at index: Int) {
        guard pager.tabs.tabs.indices.contains(index) else { return }
        endEditing(commit: false)
        pager.select(index, now: now, animated: Widget.animationsEnabled)
        tabSelected()
    }
}
