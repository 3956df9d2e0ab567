import Foundation
import Motion

/// The swipeable address bars over the tab pages, as a state machine the view feeds and renders.
///
/// - Input: `dragBegan` / `dragChanged` / `dragEnded` for mouse and touch drags on the bars and
///   for touchpad horizontal smooth scroll (the view sums the deltas into a translation; the
///   scroll-stop event is `dragEnded`). `translationX` is in bar pixels, positive when the content
///   follows the pointer to the right, i.e. towards earlier tabs. Keyboard: `select`,
///   `revealNewTab`, `closeTab`.
/// - Output: `layout(now:)` each frame after `tick(now:)`; `tick` says whether to keep asking for frames.
/// - Owns the `TabList`, so which tab is current and whether the new-tab page exists can never
///   disagree with what is on screen.
///
/// Paging follows UIScrollView as the original configured it: a release moves at most one page
/// from where the drag began; the velocity's direction picks the next boundary that way
/// (ceil / floor of the projected page), no velocity picks the nearest; projection uses the
/// "fast" deceleration. Beyond the first and last page (the new-tab page counts when it exists)
/// the bars rubber-band. The settle is a spring, and grabbing the bars mid-settle continues from
/// where they are.
public final class AddressBarPager {
    // The numbers are `SwipeTunables`'.
    static let settleSpring = SwipeTunables.settleSpring
    static let settleDisplacementEpsilon = SwipeTunables.settleDisplacementEpsilon
    static let settleVelocityEpsilon = SwipeTunables.settleVelocityEpsilon
    static let directionVelocityThreshold = SwipeTunables.directionVelocityThreshold
    static let restingGap = SwipeTunables.restingGap

    public private(set) var tabs: TabList
    public private(set) var metrics: PagerMetrics

    /// Off: settles, reveals and closing gaps jump to their end. Drags still follow the pointer.
    public var animationsEnabled = true {
        didSet { if !animationsEnabled { finishAnimations() } }
    }

    private struct Drag {
        var startPage: Int
        /// Un-rubber-banded offset at the start; the displayed offset is derived from it.
        var startRaw: Double
        var translation = 0.0
        var displayed: Double
        var tracker = VelocityTracker()
        var lastSampleTime: TimeInterval
    }

    /// A closed tab's slot collapsing: the bars on one side of it start a page away (where they
    /// were before the close) and slide in. `amount` runs 1 → 0.
    private struct ClosingGap {
        enum Side { case atOrAfter, before }
        var index: Int
        let side: Side
        let amount: SpringAnimation
    }

    private var drag: Drag?
    /// The offset whenever no drag holds it.
    private let offset: SpringAnimation
    /// The page the offset rests on or is heading for.
    private var settlePage: Int
    private var gaps: [ClosingGap] = []
    private var reveal: NewTabReveal?

    public init(tabs: TabList = TabList(), containerWidth: Double) {
        self.tabs = tabs
        metrics = PagerMetrics(containerWidth: containerWidth)
        settlePage = tabs.currentIndex
        offset = SpringAnimation(
            spring: Self.settleSpring, value: metrics.barsOffset(forPage: tabs.currentIndex),
            displacementEpsilon: Self.settleDisplacementEpsilon, velocityEpsilon: Self.settleVelocityEpsilon
        )
    }

    // MARK: - State

    public var currentIndex: Int { tabs.currentIndex }
    /// Whether the hidden new-tab page exists past the last tab.
    public var hasNewTabPage: Bool { tabs.lastTabHasLoaded }
    /// Pages the bars can rest on: the tabs, plus the new-tab page when it exists.
    public var pageCount: Int { tabs.count + (hasNewTabPage ? 1 : 0) }
    public var isDragging: Bool { drag != nil }
    /// Whether anything still moves without input: the view keeps its frame clock running while true.
    public var isAnimating: Bool { offset.isAnimating || !gaps.isEmpty || reveal != nil }

    private var maxOffset: Double { metrics.barsOffset(forPage: max(pageCount - 1, 0)) }

    /// The bars' content offset at `now`, without advancing anything.
    public func barsOffset(at now: TimeInterval) -> Double {
        drag?.displayed ?? offset.value(at: now)
    }

    /// See `PagerMetrics.tabsOffset(forBarsOffset:)`.
    public func tabsOffset(forBarsOffset barsOffset: Double) -> Double {
        metrics.tabsOffset(forBarsOffset: barsOffset)
    }

    // MARK: - Frames

    /// Advances the animations to `now`. Returns whether another frame is needed.
    @discardableResult
    public func tick(now: TimeInterval) -> Bool {
        if drag == nil { offset.tick(now: now) }
        for gap in gaps { gap.amount.tick(now: now) }
        gaps.removeAll { !$0.amount.isAnimating }
        // The revealed bar keeps its stretch geometry until it comes to rest, so it cannot snap mid-motion.
        if let reveal, reveal.isFinished(at: now), drag == nil, !offset.isAnimating {
            self.reveal = nil
        }
        return isAnimating
    }

    /// Where everything is at `now`.
    public func layout(now: TimeInterval) -> PagerLayout {
        let barsOffset = barsOffset(at: now)
        let tabsOffset = metrics.tabsOffset(forBarsOffset: barsOffset)
        let revealIndex = reveal.flatMap { tabs.index(of: $0.tabID) }
        var bars: [PagerBar] = []
        var pages: [PagerPage] = []
        bars.reserveCapacity(pageCount)
        pages.reserveCapacity(pageCount)

        for (index, tab) in tabs.tabs.enumerated() {
            let shift = gapShift(index: index, now: now)
            let barX = metrics.barX(index: index, barsOffset: barsOffset) + shift * metrics.barPageWidth
            let pageX = metrics.pageX(index: index, tabsOffset: tabsOffset) + shift * metrics.tabPageWidth
            if index == revealIndex, let reveal {
                let t = reveal.progress(at: now)
                let pose = NewTabPage.pose(pull: NewTabPage.pull(barX: barX, metrics: metrics), metrics: metrics)
                bars.append(PagerBar(index: index, tabID: tab.id, x: barX, width: pose.barWidth,
                                     alpha: lerp(reveal.from.barAlpha, 1, t), plusAlpha: lerp(1, 0, t)))
                pages.append(PagerPage(index: index, tabID: tab.id, x: pageX,
                                       alpha: lerp(reveal.from.pageAlpha, 1, t),
                                       scale: lerp(reveal.from.pageScale, 1, t)))
            } else {
                bars.append(PagerBar(index: index, tabID: tab.id, x: barX, width: metrics.barWidth, alpha: 1, plusAlpha: 0))
                pages.append(PagerPage(index: index, tabID: tab.id, x: pageX, alpha: 1, scale: 1))
            }
        }

        if hasNewTabPage {
            let index = tabs.count
            let shift = gapShift(index: index, now: now)
            let barX = metrics.barX(index: index, barsOffset: barsOffset) + shift * metrics.barPageWidth
            let pageX = metrics.pageX(index: index, tabsOffset: tabsOffset) + shift * metrics.tabPageWidth
            let pose = NewTabPage.pose(pull: NewTabPage.pull(barX: barX, metrics: metrics), metrics: metrics)
            bars.append(PagerBar(index: index, tabID: nil, x: barX, width: pose.barWidth, alpha: pose.barAlpha, plusAlpha: 1))
            pages.append(PagerPage(index: index, tabID: nil, x: pageX, alpha: pose.pageAlpha, scale: pose.pageScale))
        }

        return PagerLayout(
            barsOffset: barsOffset, tabsOffset: tabsOffset,
            pagePosition: barsOffset / metrics.barPageWidth, bars: bars, pages: pages
        )
    }

    /// The window was resized. Everything keeps its position in pages; a settle in flight lands.
    public func setContainerWidth(_ width: Double, now: TimeInterval) {
        let old = metrics
        let new = PagerMetrics(containerWidth: width)
        guard new != old else { return }
        metrics = new
        let ratio = new.barPageWidth / old.barPageWidth
        if var drag {
            drag.startRaw *= ratio
            drag.displayed = displayedOffset(raw: drag.startRaw - drag.translation)
            // Old samples are in the old scale.
            drag.tracker.reset()
            self.drag = drag
        }
        // Resizing is not a moment for motion, and a retargeted spring would keep old-scale velocity.
        offset.jump(to: new.barsOffset(forPage: settlePage))
    }

    // MARK: - Dragging

    /// A drag (or touchpad scroll) started. Grabbing the bars mid-settle holds them where they are.
    public func dragBegan(now: TimeInterval) {
        let displayed = barsOffset(at: now)
        offset.stop(now: now)
        let lastPage = max(pageCount - 1, 0)
        let nearest = (displayed / metrics.barPageWidth).rounded()
        let startPage = Int(min(max(nearest.isFinite ? nearest : 0, 0), Double(lastPage)))
        var tracker = VelocityTracker()
        tracker.addSample(time: now, position: displayed)
        drag = Drag(startPage: startPage, startRaw: rawOffset(displayed: displayed), displayed: displayed,
                    tracker: tracker, lastSampleTime: now)
    }

    /// The pointer has moved `translationX` since `dragBegan` (positive: towards earlier tabs).
    public func dragChanged(translationX: Double, now: TimeInterval) {
        guard var drag, translationX.isFinite else { return }
        drag.translation = translationX
        drag.displayed = displayedOffset(raw: drag.startRaw - translationX)
        drag.tracker.addSample(time: now, position: drag.displayed)
        drag.lastSampleTime = now
        self.drag = drag
    }

    /// The drag ended: pick the page, start the settle, and say what changed.
    @discardableResult
    public func dragEnded(now: TimeInterval) -> PagerOutcome {
        guard var drag else { return .none }
        self.drag = nil
        if now - drag.lastSampleTime > Self.restingGap {
            drag.tracker.addSample(time: now, position: drag.displayed)
        }
        let velocity = drag.tracker.velocity
        let projected = drag.displayed + Paging.project(velocity: velocity, decelerationRate: SwipeTunables.decelerationRate)
        let target = Paging.targetPage(
            offset: projected, pageWidth: metrics.barPageWidth, startPage: drag.startPage,
            velocity: velocity, pageCount: pageCount, velocityThreshold: Self.directionVelocityThreshold
        )
        offset.jump(to: drag.displayed)

        let outcome: PagerOutcome
        if hasNewTabPage && target == tabs.count {
            outcome = .createdTab(commitNewTab(barsOffset: drag.displayed, now: now))
        } else if target != tabs.currentIndex {
            tabs.select(target)
            outcome = .selectedTab(index: target)
        } else {
            outcome = .none
        }
        settle(to: target, now: now, velocity: velocity)
        return outcome
    }

    /// The gesture was taken away (grab broken, window lost focus): back to the page it began on.
    /// Never creates a tab.
    public func dragCancelled(now: TimeInterval) {
        guard let drag else { return }
        self.drag = nil
        offset.jump(to: drag.displayed)
        let page = min(drag.startPage, tabs.count - 1)
        tabs.select(page)
        settle(to: page, now: now, velocity: 0)
    }

    // MARK: - Keyboard and buttons

    /// Makes tab `index` current (Ctrl+Tab, Ctrl+1…9), sliding the same pager there.
    public func select(_ index: Int, now: TimeInterval, animated: Bool = true) {
        guard tabs.tabs.indices.contains(index) else { return }
        releaseDrag()
        tabs.select(index)
        if animated {
            settle(to: index, now: now, velocity: nil)
        } else {
            jump(to: index)
        }
    }

    /// Ctrl+T or the "+" button: a new blank tab at the end, current, with the same reveal as a
    /// committed swipe (the pager slides to it, page scale 0.8 → 1, alpha 0 → 1, "+" fades out).
    /// The view creates the returned tab's web view.
    @discardableResult
    public func revealNewTab(now: TimeInterval) -> BrowserTab {
        releaseDrag()
        let tab = commitNewTab(barsOffset: barsOffset(at: now), now: now)
        settle(to: tabs.count - 1, now: now, velocity: nil)
        return tab
    }

    /// A link asked for a new tab: it goes right after the current one. In the foreground the pager
    /// slides to it; in the background (middle click) the current tab stays where it is.
    @discardableResult
    public func openTabAfterCurrent(now: TimeInterval, inBackground: Bool) -> BrowserTab {
        releaseDrag()
        let tab = tabs.insertAfterCurrent(selecting: !inBackground)
        if inBackground {
            jump(to: tabs.currentIndex)
        } else if animationsEnabled {
            settle(to: tabs.currentIndex, now: now, velocity: nil)
        } else {
            jump(to: tabs.currentIndex)
        }
        return tab
    }

    /// A closed tab comes back at `index` (Ctrl+Shift+T), current; the pager slides to it.
    @discardableResult
    public func reopenTab(_ tab: BrowserTab, at index: Int, now: TimeInterval) -> BrowserTab {
        releaseDrag()
        let added = tabs.insert(tab, at: index)
        if animationsEnabled { settle(to: tabs.currentIndex, now: now, velocity: nil) } else { jump(to: tabs.currentIndex) }
        return added
    }

    /// Closes a tab. Its slot collapses (the bars past it slide in) and, if it was current, the
    /// pager settles on the neighbour that became current: the right one, else the left.
    /// Closing the only tab leaves a fresh blank tab, revealed like a new one; the view creates
    /// the web view of `replacementTab`.
    @discardableResult
    public func closeTab(id: UUID, now: TimeInterval) -> TabCloseResult? {
        guard tabs.index(of: id) != nil else { return nil }
        releaseDrag()
        let oldCurrent = tabs.currentIndex
        guard let result = tabs.close(id) else { return nil }
        if reveal?.tabID == id { reveal = nil }

        if let replacement = result.replacementTab {
            gaps.removeAll()
            if animationsEnabled {
                let hidden = NewTabPage.Pose(barWidth: metrics.barWidth, barAlpha: 0, pageAlpha: 0,
                                             pageScale: NewTabPage.hiddenPageScale)
                reveal = NewTabReveal(tabID: replacement.id, start: now, from: hidden)
            }
            jump(to: 0)
            return result
        }

        let closed = result.closedIndex
        for index in gaps.indices where closed < gaps[index].index {
            gaps[index].index -= 1
        }
        let velocity = offset.velocity(at: now)
        if closed < oldCurrent {
            // The current tab's index dropped by one: move the offset with it so the current bar
            // stays put on screen, and let the tabs before the closed one slide right instead.
            offset.jump(to: offset.value(at: now) - metrics.barPageWidth)
            addGap(.before, at: closed, now: now)
        } else {
            addGap(.atOrAfter, at: closed, now: now)
        }
        settle(to: result.newCurrentIndex, now: now, velocity: velocity)
        return result
    }

    /// What the web view reported for a tab. A last tab that loads a page grows the new-tab page.
    @discardableResult
    public func updateTab(id: UUID, title: String? = nil, uri: String? = nil, hasLoadedPage: Bool? = nil) -> Bool {
        let changed = tabs.update(id, title: title, uri: uri, hasLoadedPage: hasLoadedPage)
        // Pages can only disappear here if the last tab stops counting as loaded; never rest past the end.
        if settlePage >= pageCount { jump(to: tabs.currentIndex) }
        return changed
    }

    /// Moves a tab to `index` (the tab overview's drag); the current tab stays current and the
    /// pager rests on it at once (the overview covers the bars while it happens).
    @discardableResult
    public func moveTab(id: UUID, to index: Int) -> Bool {
        guard tabs.move(id, to: index) else { return false }
        drag = nil
        gaps.removeAll()
        jump(to: tabs.currentIndex)
        return true
    }

    /// Replaces all tabs (session restore) and rests on the restored current tab.
    public func restore(_ newTabs: TabList) {
        drag = nil
        gaps.removeAll()
        reveal = nil
        tabs = newTabs
        jump(to: tabs.currentIndex)
    }

    // MARK: - Internals

    /// Appends the new tab, current, and starts its reveal from how its bar and page look now.
    private func commitNewTab(barsOffset: Double, now: TimeInterval) -> BrowserTab {
        let index = tabs.count
        let barX = metrics.barX(index: index, barsOffset: barsOffset) + gapShift(index: index, now: now) * metrics.barPageWidth
        let from = NewTabPage.pose(pull: NewTabPage.pull(barX: barX, metrics: metrics), metrics: metrics)
        let tab = tabs.appendTab()
        reveal = animationsEnabled ? NewTabReveal(tabID: tab.id, start: now, from: from) : nil
        return tab
    }

    /// Springs to `page`, carrying `velocity` (px/s; nil: whatever the offset has now).
    private func settle(to page: Int, now: TimeInterval, velocity: Double?) {
        guard animationsEnabled else { jump(to: page); return }
        settlePage = page
        let target = metrics.barsOffset(forPage: page)
        let current = offset.value(at: now)
        var initial = velocity ?? offset.velocity(at: now)
        // A critically damped spring overshoots only when launched towards its target faster than
        // ω·distance; a hard fling capped to one page would sail past it. UIScrollView paging lands
        // without overshoot, so cap the launch speed there.
        let distance = target - current
        if distance * initial > 0 {
            let limit = Self.settleSpring.naturalFrequency * abs(distance)
            initial = min(max(initial, -limit), limit)
        }
        offset.animate(to: target, now: now, velocity: initial)
    }

    private func jump(to page: Int) {
        settlePage = page
        offset.jump(to: metrics.barsOffset(forPage: page))
    }

    /// Ends a drag where it is, without a release decision (a keyboard action took over).
    private func releaseDrag() {
        guard let drag else { return }
        self.drag = nil
        offset.jump(to: drag.displayed)
    }

    private func addGap(_ side: ClosingGap.Side, at index: Int, now: TimeInterval) {
        guard animationsEnabled else { return }
        let amount = SpringAnimation(spring: Self.settleSpring, value: 1)
        amount.animate(to: 0, now: now, velocity: 0)
        gaps.append(ClosingGap(index: index, side: side, amount: amount))
    }

    /// Displacement of slot `index` by collapsing gaps, in pages.
    private func gapShift(index: Int, now: TimeInterval) -> Double {
        gaps.reduce(0) { total, gap in
            switch gap.side {
            case .atOrAfter: index >= gap.index ? total + gap.amount.value(at: now) : total
            case .before: index < gap.index ? total - gap.amount.value(at: now) : total
            }
        }
    }

    private func displayedOffset(raw: Double) -> Double {
        rubberBand(offset: raw, min: 0, max: maxOffset, dimension: metrics.containerWidth)
    }

    /// Inverse of `displayedOffset`: grabbing bars mid-bounce must not make them jump.
    private func rawOffset(displayed: Double) -> Double {
        let dimension = metrics.containerWidth
        if displayed < 0 {
            return -RubberBand.overscroll(distance: -displayed, dimension: dimension)
        }
        if displayed > maxOffset {
            return maxOffset + RubberBand.overscroll(distance: displayed - maxOffset, dimension: dimension)
        }
        return displayed
    }

    private func finishAnimations() {
        gaps.removeAll()
        reveal = nil
        if drag == nil { jump(to: settlePage) }
    }
}
