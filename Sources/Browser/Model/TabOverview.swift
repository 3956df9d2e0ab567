import Foundation
import Motion

/// The tab overview's decisions: opening and closing (a zoom from and to the current tab),
/// which tile is selected, scrolling, and what a press on a tile becomes — a tap, a swipe that
/// closes the tab, or a drag that moves it. The view feeds input and performs the effects.
/// Figures are in docs/tab-overview.md.
public final class TabOverview {
    public static let openDuration = 0.35, closeDuration = 0.3
    /// A press becomes a drag after this much travel (GTK's drag threshold).
    public static let dragThreshold = 8.0
    /// Held this long before moving, a press picks the tile up to move it whatever the direction.
    public static let longPressDuration = 0.4
    /// A sideways swipe closes its tab past this fraction of the tile's width, or when flicked
    /// faster than `swipeCloseVelocity` (px/s) outwards after at least `swipeMinimumTravel`.
    public static let swipeCloseFraction = 0.4, swipeCloseVelocity = 600.0, swipeMinimumTravel = 24.0
    /// A swipe flies out, or springs back, over this long.
    public static let swipeSettleDuration = 0.2
    /// Tiles glide to new places (a tab closed or moved) over this long, ease-out.
    public static let glideDuration = 0.25
    /// One wheel notch scrolls this far (WebKit's line step, as in the pager).
    public static let wheelStep = 40.0

    public enum Phase: Equatable, Sendable { case closed, opening, open, closing }

    public enum Effect: Equatable, Sendable {
        /// Make this tab current (the overview is closing onto it).
        case choose(UUID)
        /// Close this tab (its tile has gone).
        case close(UUID)
        /// Move this tab to `index` in the tab order.
        case move(UUID, to: Int)
        /// The closing zoom ended: hide the overview.
        case closed
    }

    /// What a press on a tile turned into.
    public enum Gesture: Equatable, Sendable { case pending, swipe, reorder }

    struct Press {
        var id: UUID
        var startTime: TimeInterval
        var gesture = Gesture.pending
        var dx = 0.0, dy = 0.0
        var tracker = VelocityTracker()
        /// The tile's centre when pressed (content coordinates), for reordering.
        var startCentre: (x: Double, y: Double)
    }

    /// A tile on its way from where it was shown to its new slot: the offset still to cover at `start`.
    struct Glide {
        var dx, dy: Double
        var start: TimeInterval
    }

    struct Settle {
        var id: UUID
        var from: Double, to: Double
        var start: TimeInterval
        var closes: Bool
    }

    public var animationsEnabled = true {
        didSet { if !animationsEnabled { finishTransition() } }
    }
    public private(set) var phase = Phase.closed
    private var transitionStart = 0.0
    /// The tabs in the order shown (during a reorder drag, the order it would drop into).
    public private(set) var ids: [UUID] = []
    public private(set) var selected = 0
    public private(set) var scroll = 0.0
    public private(set) var layout = TabOverviewLayout(width: 0, height: 0, count: 0, pageAspect: 0.75)
    private var press: Press?
    private var size = (width: 0.0, height: 0.0, aspect: 0.75)
    private var settle: Settle?
    private var glides: [UUID: Glide] = [:]
    /// Effects that a finished animation produced, handed out by the next `tick`.
    private var pending: [Effect] = []

    public init() {}

    public var isOpen: Bool { phase != .closed }
    public var isAnimating: Bool { phase == .opening || phase == .closing || settle != nil || !glides.isEmpty }
    public var selectedID: UUID? { ids.indices.contains(selected) ? ids[selected] : nil }
    public var pressGesture: Gesture? { press?.gesture }

    // MARK: Geometry

    public func resize(width: Double, height: Double, pageAspect: Double) {
        size = (width, height, pageAspect)
        let next = TabOverviewLayout(width: width, height: height, count: ids.count, pageAspect: pageAspect)
        guard next != layout else { return }
        layout = next
        // A new width moves every tile: keep the selected one in view.
        scroll = layout.scrollShowing(selected, from: scroll)
    }

    /// The tabs changed outside (a tab opened or closed): keep the selection on the same tab if it is still there.
    /// With `now`, tiles whose slot changed glide there from where they were shown.
    public func sync(ids newIDs: [UUID], current: Int, now: TimeInterval? = nil) {
        let keep = selectedID
        let old = ids
        ids = newIDs
        defer { glide(from: old, now: now) }
        layout = TabOverviewLayout(width: size.width, height: size.height, count: ids.count, pageAspect: size.aspect)
        if let keep, let i = ids.firstIndex(of: keep) { selected = i } else { selected = min(max(0, current), max(0, ids.count - 1)) }
        scroll = min(max(0, scroll), layout.maxScroll)
    }

    // MARK: Opening and closing

    /// Opens on the current tab's tile, scrolled to show it.
    public func open(ids: [UUID], current: Int, now: TimeInterval) {
        press = nil
        settle = nil
        sync(ids: ids, current: current)
        selected = min(max(0, current), max(0, ids.count - 1))
        scroll = layout.scrollShowing(selected, from: 0)
        phase = animationsEnabled ? .opening : .open
        transitionStart = now
    }

    /// Closes onto the selected tab (Enter, a click, Escape after choosing nothing new).
    public func close(now: TimeInterval) -> [Effect] {
        guard phase == .open || phase == .opening, let id = selectedID else { return [] }
        // Reversing an opening zoom part-way starts from where it is.
        let shown = phase == .opening ? rawProgress(now: now) : 1
        phase = .closing
        transitionStart = now - (1 - shown) * Self.closeDuration
        press = nil
        if !animationsEnabled { finishTransition() }
        return [.choose(id)] + takePending()
    }

    /// Closes onto the tab at `index` (a click on its tile).
    public func choose(_ index: Int, now: TimeInterval) -> [Effect] {
        guard ids.indices.contains(index) else { return [] }
        selected = index
        return close(now: now)
    }

    private func rawProgress(now: TimeInterval) -> Double {
        switch phase {
        case .closed: 0
        case .open: 1
        case .opening: min(1, max(0, (now - transitionStart) / Self.openDuration))
        case .closing: 1 - min(1, max(0, (now - transitionStart) / Self.closeDuration))
        }
    }

    /// How open the overview looks: 0 shows the page, 1 the grid; eased.
    public func progress(now: TimeInterval) -> Double {
        TimingCurve.easeInOut.value(at: rawProgress(now: now))
    }

    /// Advances the animations; returns the effects of any that ended.
    public func tick(now: TimeInterval) -> [Effect] {
        if phase == .opening, now - transitionStart >= Self.openDuration { phase = .open }
        if phase == .closing, now - transitionStart >= Self.closeDuration {
            phase = .closed
            pending.append(.closed)
        }
        if let s = settle, now - s.start >= Self.swipeSettleDuration {
            settle = nil
            if s.closes { pending.append(.close(s.id)) }
        }
        glides = glides.filter { now - $0.value.start < Self.glideDuration }
        return takePending()
    }

    private func finishTransition() {
        if phase == .opening { phase = .open }
        if phase == .closing { phase = .closed; pending.append(.closed) }
        if let s = settle {
            settle = nil
            if s.closes { pending.append(.close(s.id)) }
        }
    }

    private func takePending() -> [Effect] {
        defer { pending = [] }
        return pending
    }

    // MARK: Keyboard and wheel

    public func move(_ direction: TabOverviewLayout.Direction) {
        guard !ids.isEmpty else { return }
        select(layout.moving(selected, direction))
    }

    /// Selects a tile and scrolls it into view (Tab, arrows, a focus change).
    public func select(_ index: Int) {
        guard ids.indices.contains(index) else { return }
        selected = index
        scroll = layout.scrollShowing(index, from: scroll)
    }

    /// The selected tab is to close (Delete, Ctrl+W, its close button, a middle click).
    public func closeSelected() -> [Effect] {
        guard let id = selectedID else { return [] }
        return [.close(id)]
    }

    /// The tab at `index` is to close (its close button, a middle click on it).
    public func closeTab(at index: Int) -> [Effect] {
        guard ids.indices.contains(index) else { return [] }
        return [.close(ids[index])]
    }

    public func scroll(by dy: Double) {
        scroll = min(max(0, scroll + dy), layout.maxScroll)
    }

    // MARK: Pointer

    /// A press on the tile of tab `index`.
    public func pressBegan(on index: Int, now: TimeInterval) {
        guard phase == .open, ids.indices.contains(index), settle?.id != ids[index] else { return }
        let t = layout.tile(at: index)
        var p = Press(id: ids[index], startTime: now, startCentre: (t.midX, t.midY))
        p.tracker.addSample(time: now, position: 0)
        press = p
    }

    /// The pointer moved (dx, dy) from where it was pressed.
    public func pressMoved(dx: Double, dy: Double, now: TimeInterval) {
        guard var p = press else { return }
        p.dx = dx
        p.dy = dy
        p.tracker.addSample(time: now, position: dx)
        if p.gesture == .pending, hypot(dx, dy) > Self.dragThreshold {
            // Held first, or moving mostly up or down: pick the tile up. A quick sideways move: a swipe.
            let held = now - p.startTime >= Self.longPressDuration
            p.gesture = held || abs(dy) > abs(dx) ? .reorder : .swipe
        }
        press = p
        if p.gesture == .reorder, let from = ids.firstIndex(of: p.id) {
            let to = layout.slot(nearestX: p.startCentre.x + dx, y: p.startCentre.y + dy)
            if to != from {
                let old = ids
                ids.remove(at: from)
                ids.insert(p.id, at: to)
                selected = to
                glide(from: old, now: now)
            }
        }
    }

    /// The press ended: a tap chooses the tab, a swipe closes it or springs back, a drag drops it.
    public func pressEnded(now: TimeInterval) -> [Effect] {
        guard let p = press else { return [] }
        press = nil
        switch p.gesture {
        case .pending:
            guard let i = ids.firstIndex(of: p.id) else { return [] }
            return choose(i, now: now)
        case .reorder:
            guard let to = ids.firstIndex(of: p.id) else { return [] }
            selected = to
            return [.move(p.id, to: to)]
        case .swipe:
            let velocity = p.tracker.velocity
            let far = abs(p.dx) >= layout.tileWidth * Self.swipeCloseFraction
            let flicked = abs(p.dx) >= Self.swipeMinimumTravel && abs(velocity) >= Self.swipeCloseVelocity
                && (velocity > 0) == (p.dx > 0)
            let closes = far || flicked
            let shown = swipeOffset(p.dx)
            let target = closes ? (p.dx > 0 ? 1 : -1) * (layout.width - layout.tile(at: ids.firstIndex(of: p.id) ?? 0).x) : 0
            settle = Settle(id: p.id, from: shown, to: target, start: now, closes: closes)
            if !animationsEnabled { finishTransition() }
            return takePending()
        }
    }

    /// The press was taken away (the window lost the pointer grab): everything goes back.
    public func pressCancelled(now: TimeInterval) {
        guard let p = press else { return }
        press = nil
        if p.gesture == .swipe, animationsEnabled {
            settle = Settle(id: p.id, from: swipeOffset(p.dx), to: 0, start: now, closes: false)
        }
    }

    /// A swipe's displayed offset: follows the pointer up to a tile's width, then resists.
    func swipeOffset(_ dx: Double) -> Double {
        let w = max(1, layout.tileWidth)
        return dx >= 0 ? rubberBand(offset: dx, min: 0, max: w, dimension: w)
                       : -rubberBand(offset: -dx, min: 0, max: w, dimension: w)
    }

    /// Where a tile is drawn, relative to its slot, and how opaque (a swipe fades it as it goes).
    public func tileOffset(for id: UUID, now: TimeInterval) -> (dx: Double, dy: Double, alpha: Double, lifted: Bool) {
        if let p = press, p.id == id {
            switch p.gesture {
            case .pending: return (0, 0, 1, false)
            case .swipe:
                let dx = swipeOffset(p.dx)
                return (dx, 0, fade(dx), false)
            case .reorder:
                guard let i = ids.firstIndex(of: id) else { return (0, 0, 1, true) }
                let slot = layout.tile(at: i)
                return (p.startCentre.x + p.dx - slot.midX, p.startCentre.y + p.dy - slot.midY, 1, true)
            }
        }
        if let s = settle, s.id == id {
            let t = TimingCurve.easeOut.value(at: (now - s.start) / Self.swipeSettleDuration)
            let dx = s.from + (s.to - s.from) * t
            return (dx, 0, fade(dx), false)
        }
        let g = glideOffset(for: id, now: now)
        return (g.dx, g.dy, 1, false)
    }

    /// Tiles that changed slot (not the one being dragged) start from where they were shown.
    private func glide(from old: [UUID], now: TimeInterval?) {
        guard let now, animationsEnabled, phase == .open else { return }
        for (index, id) in ids.enumerated() {
            guard let was = old.firstIndex(of: id), was != index, press?.id != id else { continue }
            let a = layout.tile(at: was), b = layout.tile(at: index)
            let shown = glideOffset(for: id, now: now)
            glides[id] = Glide(dx: a.x - b.x + shown.dx, dy: a.y - b.y + shown.dy, start: now)
        }
    }

    private func glideOffset(for id: UUID, now: TimeInterval) -> (dx: Double, dy: Double) {
        guard let g = glides[id] else { return (0, 0) }
        let left = 1 - TimingCurve.easeOut.value(at: (now - g.start) / Self.glideDuration)
        return (g.dx * left, g.dy * left)
    }

    private func fade(_ dx: Double) -> Double {
        max(0, 1 - abs(dx) / max(1, layout.tileWidth) * 0.8)
    }
}
