import Foundation
import Motion

/// Every tab's navigation stack and the slide between pages (docs/home.md, "Navigation").
///
/// The stacks are the truth: a pushed page is on its stack from the moment it is pushed; a popped
/// page leaves its stack when its slide completes (an abandoned edge swipe leaves it where it was).
/// The slide is described by one number, `exit`: how far the moving page is off to the right, as a
/// fraction of the width (0 = covering the page under it, 1 = gone). A push runs it 1 → 0, a pop
/// 0 → 1, an edge swipe sets it from the finger. The page underneath moves at 30 % of that pace to
/// the left (the parallax of a phone's navigation controller).
public final class TabStacks<Page: Hashable> {
    /// A full slide, edge to edge.
    public static var slideDuration: TimeInterval { 0.3 }
    /// How far the page under the moving one is shifted left when fully covered, as a fraction of the width.
    public static var underShift: Double { 0.3 }
    /// Releasing an edge swipe past half the width, or flicking right faster than this, completes the pop.
    public static var completionVelocity: Double { 400 }

    public enum Direction: Sendable, Hashable { case push, pop }

    public struct Slide: Equatable {
        public var motion: Direction
        public var tab: HomeTab
        /// The page moving in (push) or out (pop).
        public var moving: Page
        /// The page it uncovers or covers.
        public var under: Page
        /// 0 = moving page in place, 1 = off to the right.
        public var exit: Double
        public var isInteractive: Bool
    }

    /// Where a page is drawn: its offset as a fraction of the width (negative = to the left).
    public struct Placement: Equatable {
        public var page: Page
        public var offset: Double
        public init(page: Page, offset: Double) { self.page = page; self.offset = offset }
    }

    public private(set) var selected: HomeTab
    private var stacks: [HomeTab: [Page]]
    public private(set) var slide: Slide?
    private var tween: (from: Double, to: Double, start: TimeInterval, duration: TimeInterval)?

    public init(roots: [HomeTab: Page], selected: HomeTab = .home) {
        stacks = roots.mapValues { [$0] }
        self.selected = selected
    }

    public func stack(_ tab: HomeTab) -> [Page] { stacks[tab] ?? [] }
    public func top(_ tab: HomeTab) -> Page? { stacks[tab]?.last }
    public func depth(_ tab: HomeTab) -> Int { stacks[tab]?.count ?? 0 }
    public var canPop: Bool { depth(selected) > 1 && slide?.motion != .pop }
    public var isAnimating: Bool { tween != nil }

    /// Shows `tab`. A slide in progress finishes first. Returns pages that left their stacks.
    @discardableResult
    public func select(_ tab: HomeTab) -> [Page] {
        let removed = finishSlide()
        selected = tab
        return removed
    }

    /// Pushes `page` on `tab` (the selected one when nil) with the slide; on another tab it is just
    /// placed on top. Returns pages that left their stacks (a slide that had to finish first).
    @discardableResult
    public func push(_ page: Page, on tab: HomeTab? = nil, now: TimeInterval, animated: Bool = true) -> [Page] {
        let removed = finishSlide()
        let tab = tab ?? selected
        guard let under = top(tab) else {
            stacks[tab] = [page]
            return removed
        }
        stacks[tab, default: []].append(page)
        if animated && tab == selected {
            slide = Slide(motion: .push, tab: tab, moving: page, under: under, exit: 1, isInteractive: false)
            run(to: 0, now: now)
        }
        return removed
    }

    /// Pops the selected tab's top page. Returns the pages that left their stacks now (none while
    /// the slide runs: the popped page leaves when it completes, from `tick`).
    @discardableResult
    public func pop(now: TimeInterval, animated: Bool = true) -> [Page] {
        var removed = finishSlide()
        let tab = selected
        guard let stack = stacks[tab], stack.count > 1 else { return removed }
        if !animated {
            stacks[tab]?.removeLast()
            removed.append(stack[stack.count - 1])
            return removed
        }
        slide = Slide(motion: .pop, tab: tab, moving: stack[stack.count - 1], under: stack[stack.count - 2], exit: 0, isInteractive: false)
        run(to: 1, now: now)
        return removed
    }

    /// Pops every page over the selected tab's root at once (selecting an already selected tab).
    @discardableResult
    public func popToRoot() -> [Page] {
        var removed = finishSlide()
        guard let stack = stacks[selected], stack.count > 1 else { return removed }
        removed += stack.dropFirst().reversed()
        stacks[selected] = [stack[0]]
        return removed
    }

    // MARK: Edge swipe

    /// A touch or touchpad swipe from the left edge starts scrubbing a pop. False when there is
    /// nothing to pop.
    public func beginInteractivePop() -> Bool {
        guard slide == nil || slide?.isInteractive == false else { return false }
        _ = finishSlide()
        let tab = selected
        guard let stack = stacks[tab], stack.count > 1 else { return false }
        slide = Slide(motion: .pop, tab: tab, moving: stack[stack.count - 1], under: stack[stack.count - 2], exit: 0, isInteractive: true)
        return true
    }

    /// The finger is `translation` px right of where it started, on a page `width` px wide.
    public func updateInteractivePop(translation: Double, width: Double) {
        guard var current = slide, current.isInteractive else { return }
        current.exit = width > 0 ? min(max(translation / width, 0), 1) : 0
        slide = current
    }

    /// The finger lifted with `velocity` px/s (positive = rightwards): completes the pop past half
    /// the width or on a rightward flick, otherwise abandons it and the page slides back.
    /// Returns whether the pop will complete.
    @discardableResult
    public func endInteractivePop(velocity: Double, now: TimeInterval) -> Bool {
        guard var current = slide, current.isInteractive else { return false }
        let completes = velocity > Self.completionVelocity || (current.exit > 0.5 && velocity > -Self.completionVelocity)
        current.isInteractive = false
        slide = current
        run(to: completes ? 1 : 0, now: now)
        return completes
    }

    /// The swipe was cancelled (the gesture was taken away): the page slides back.
    public func cancelInteractivePop(now: TimeInterval) {
        guard var current = slide, current.isInteractive else { return }
        current.isInteractive = false
        slide = current
        run(to: 0, now: now)
    }

    // MARK: Frames

    /// Advances the slide to `now`. Returns the pages that left their stacks (a completed pop).
    @discardableResult
    public func tick(now: TimeInterval) -> [Page] {
        guard let t = tween, var current = slide else { return [] }
        let elapsed = now - t.start
        if elapsed >= t.duration - 1e-9 {
            current.exit = t.to
            slide = current
            return finishSlide()
        }
        let p = TimingCurve.easeOut.value(at: max(0, elapsed / t.duration))
        current.exit = t.from + (t.to - t.from) * p
        slide = current
        return []
    }

    /// Where the selected tab's pages are now: one page at rest, two during a slide (under first).
    public var placements: [Placement] {
        if let slide, slide.tab == selected {
            return [Placement(page: slide.under, offset: -Self.underShift * (1 - slide.exit)),
                    Placement(page: slide.moving, offset: slide.exit)]
        }
        return top(selected).map { [Placement(page: $0, offset: 0)] } ?? []
    }

    private func run(to target: Double, now: TimeInterval) {
        guard let current = slide else { return }
        let distance = abs(target - current.exit)
        tween = (current.exit, target, now, Self.slideDuration * distance)
    }

    /// Ends any slide where it was heading. Returns the pages that left their stacks.
    private func finishSlide() -> [Page] {
        defer { slide = nil; tween = nil }
        guard let current = slide else { return [] }
        let heading = tween?.to ?? current.exit
        // An interactive swipe interrupted mid-way is abandoned, not completed.
        guard current.motion == .pop, heading >= 1, !current.isInteractive,
              stacks[current.tab]?.last == current.moving else { return [] }
        stacks[current.tab]?.removeLast()
        return [current.moving]
    }
}
