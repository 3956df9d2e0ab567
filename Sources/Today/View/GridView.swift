import Foundation
import Gtk
import Motion
import TodayModel

/// The card grid, virtualized: a fixed pool of card and header widgets is placed over the part
/// of the feed that is on screen, and re-dealt as it scrolls. The scroll offset lives here (not in
/// a GtkViewport) so every widget coordinate stays small: a 100,000-card feed is ~20 million pixels
/// tall, past where single-precision transforms place things exactly.
@MainActor
final class GridView {
    /// Cards and headers this far outside the viewport are kept placed, so a fast scroll does not
    /// show a frame with gaps before the next allocation.
    static let overscan = 240.0
    /// GtkScrolledWindow's wheel step: page^(2/3) per notch, so a notch feels the same in both.
    static func wheelStep(pageSize: Double) -> Double { pow(max(1, pageSize), 2.0 / 3.0) }
    /// UIScrollView's normal deceleration, per millisecond, for the touchpad fling.
    static let decelerationPerMillisecond = Paging.normalDecelerationRate
    static let flingStopVelocity = 20.0

    let root: Overlay
    let container: Canvas
    let adjustment = Adjustment()
    private let scrollbar: Scrollbar
    private let images: TextureCache
    private let source: FeedSource
    private(set) var layout: TodayLayout?
    private var cards: [CardView] = []
    private var headers: [SectionHeaderView] = []
    /// Cards dealt content: those shown (in or near the viewport) and those made ready a screen ahead.
    private var assignedCards: [CardIndex: CardView] = [:]
    /// Of `assignedCards`, those shown (drawn and presented); the rest are hidden, being prepared.
    private var shownCards: Set<CardIndex> = []
    /// +1 when the feed last scrolled down, -1 up: where the next screen of cards comes from.
    private var scrollDirection = 1.0
    private var lastOffset = 0.0
    private var preparing = false
    private var assignedHeaders: [Int: SectionHeaderView] = [:]
    private var viewportHeight = 0.0
    private let fling: FrameTicker
    private var flingVelocity = 0.0
    private var flingLastTime: TimeInterval?
    private(set) var focusedIndex: CardIndex?
    /// The pointer-following shadow offset all cards share.
    var shadowOffset: () -> (x: Double, y: Double) = { (0, 8) }
    var onOpen: ((CardIndex) -> Void)?
    /// A card's menu asked for: the card, its widget and the point in it.
    var onContextMenu: ((CardIndex, Widget, Double, Double) -> Void)?
    /// Counts allocations, for the benchmark and for tests that check a scroll does not relayout the world.
    private(set) var allocationCount = 0

    init(source: FeedSource, images: TextureCache) {
        self.source = source
        self.images = images
        container = Canvas(role: .list, label: "Today") { _, _, _ in }
        container.clipsContent = true
        container.hexpand = true
        container.vexpand = true
        container.isFocusable = true
        container.addCSSClass("today-grid")
        scrollbar = Scrollbar(orientation: .vertical, adjustment: adjustment)
        scrollbar.halign = .end
        root = Overlay()
        root.setChild(container)
        root.addOverlay(scrollbar)
        fling = FrameTicker(widget: container)
        container.onDraw { [weak self] snapshot, w, h in self?.draw(snapshot, width: w, height: h) }
        container.onAllocate { [weak self] w, h in self?.allocate(width: Double(w), height: Double(h)) }
        adjustment.onValueChanged { [weak self] in
            guard let self else { return }
            let value = self.adjustment.value
            if value != self.lastOffset { self.scrollDirection = value > self.lastOffset ? 1 : -1 }
            self.lastOffset = value
            self.recycle()
            self.container.queueAllocate()
        }
        installScrolling()
        installKeyboard()
        // Tab into the feed lands on a card, not on the feed itself: the feed takes the focus only
        // when a focused card scrolls away (so the keys keep scrolling), and has nothing to show
        // for it or to do with Enter.
        container.setFocusOrder { [weak self] in
            guard let self else { return [] }
            return self.cardsInFocusOrder().compactMap { self.assignedCards[$0]?.canvas }
        }
        // Enough for a tall window; the pool grows if a taller one needs more.
        for _ in 0..<16 { _ = makeCard() }
        for _ in 0..<4 { _ = makeHeader() }
    }

    var scrollOffset: Double { adjustment.value }

    // MARK: Layout

    private func allocate(width: Double, height: Double) {
        allocationCount += 1
        if layout?.width != width || viewportHeight != height {
            let anchor = layout?.anchor(atScrollOffset: adjustment.value)
            let next = TodayLayout(width: width, sectionCardCounts: source.sectionCardCounts)
            layout = next
            viewportHeight = height
            let offset = anchor.map { next.scrollOffset(for: $0, viewportHeight: height) } ?? adjustment.value
            adjustment.configure(value: clampOffset(offset), upper: next.contentHeight, pageSize: height)
            recycle()
        }
        guard let layout else { return }
        let top = adjustment.value
        for (index, card) in assignedCards where shownCards.contains(index) {
            if let frame = layout.frame(of: index) { container.allocate(card.canvas, rect(frame, minusY: top)) }
        }
        for (section, header) in assignedHeaders {
            if let frame = layout.headerFrame(of: section) { container.allocate(header.canvas, rect(frame, minusY: top)) }
        }
    }

    private func rect(_ frame: LayoutRect, minusY top: Double) -> Rect {
        Rect(x: frame.x, y: frame.y - top, width: frame.width, height: frame.height)
    }

    private func clampOffset(_ value: Double) -> Double {
        guard let layout else { return 0 }
        return min(max(0, value), max(0, layout.contentHeight - viewportHeight))
    }

    /// Deals pooled widgets to the cards and headers now in (or near) the viewport, and (`LookAhead`)
    /// hidden ones to the screen of cards beyond it in the scroll direction, to be made ready.
    private func recycle() {
        guard let layout else { return }
        let visible = LayoutRect(x: 0, y: adjustment.value - Self.overscan, width: layout.width, height: viewportHeight + 2 * Self.overscan)
        let wantedShown = Set(layout.cards(in: visible))
        var wantedCards = wantedShown
        if viewportHeight > 0 {
            let aheadY = scrollDirection > 0 ? visible.y + visible.height : visible.y - viewportHeight
            wantedCards.formUnion(layout.cards(in: LayoutRect(x: 0, y: aheadY, width: layout.width, height: viewportHeight)))
        }
        let wantedHeaders = Set(layout.headers(in: visible))

        var freeCards: [CardView] = []
        for (index, card) in assignedCards where !wantedCards.contains(index) {
            assignedCards[index] = nil
            freeCards.append(card)
        }
        for (index, card) in assignedCards where !wantedShown.contains(index) && card.canvas.hasFocus { container.grabFocus() }
        for card in freeCards where card.canvas.hasFocus { container.grabFocus() }
        freeCards += cards.filter { card in card.index.map { assignedCards[$0] !== card } ?? true }
        var seen = Set<ObjectIdentifier>()
        freeCards = freeCards.filter { seen.insert(ObjectIdentifier($0)).inserted }
        for index in wantedCards.sorted() where assignedCards[index] == nil {
            let card = freeCards.popLast() ?? makeCard()
            card.show(source.content(at: index), at: index)
            card.canvas.opacity = index == hiddenCard ? 0 : 1
            assignedCards[index] = card
        }
        shownCards = wantedShown
        let shownSet = Set(wantedShown.compactMap { assignedCards[$0] }.map(ObjectIdentifier.init))
        // Visibility, not child-visibility: a child-hidden widget is still in the accessibility tree,
        // so a screen reader would find a dozen ghost "cards" off screen (and the cards being made
        // ready ahead stay out of it too).
        for card in cards { setShown(card.canvas, shownSet.contains(ObjectIdentifier(card))) }
        // Pictures still coming over the network for cards no longer dealt are not wanted any more.
        images.keepRemote(Set(assignedCards.values.flatMap { [$0.content?.imagePath, $0.content?.iconPath].compactMap { $0 } }))
        prepareAhead()

        var freeHeaders = headers.filter { header in
            guard let section = header.section else { return true }
            return !wantedHeaders.contains(section) || assignedHeaders[section] !== header
        }
        for (section, _) in assignedHeaders where !wantedHeaders.contains(section) { assignedHeaders[section] = nil }
        for section in wantedHeaders.sorted() where assignedHeaders[section] == nil {
            let header = freeHeaders.popLast() ?? makeHeader()
            header.show(source.header(at: section), profileImagePath: section == 0 ? source.profileImagePath : nil)
            header.section = section
            assignedHeaders[section] = header
        }
        let headerSet = Set(assignedHeaders.values.map(ObjectIdentifier.init))
        for header in headers { setShown(header.canvas, headerSet.contains(ObjectIdentifier(header))) }
    }

    private func setShown(_ widget: Widget, _ shown: Bool) {
        if widget.isVisible != shown { widget.isVisible = shown }
    }

    private func makeCard() -> CardView {
        let card = CardView(images: images)
        card.shadowOffset = { [weak self] in self?.shadowOffset() ?? (0, 8) }
        card.onActivate = { [weak self] index in self?.onOpen?(index) }
        card.onContextMenu = { [weak self, weak card] index, x, y in
            guard let card else { return }
            self?.onContextMenu?(index, card.canvas, x, y)
        }
        let focus = EventControllerFocus()
        focus.onEnter { [weak self, weak card] in self?.focusedIndex = card?.index }
        card.canvas.addController(focus)
        card.canvas.isVisible = false
        container.addChild(card.canvas)
        cards.append(card)
        return card
    }

    private func makeHeader() -> SectionHeaderView {
        let header = SectionHeaderView(images: images)
        header.canvas.isVisible = false
        container.addChild(header.canvas)
        headers.append(header)
        return header
    }

    private func draw(_ snapshot: Snapshot, width: Double, height: Double) {
        // No fill of our own: the style sheet's `.today-grid` background (the theme's) is already under
        // the cards, and under GL every window-sized layer costs a frame a pass over every pixel.
        for header in assignedHeaders.values { snapshot.child(header.canvas, of: container) }
        // Row order, so a card's shadow falls on the one below it, not under it.
        for index in shownCards.sorted() {
            if let card = assignedCards[index] { snapshot.child(card.canvas, of: container) }
        }
        if TodayDrawLog.isEnabled { logDrawn() }
    }

    private func logDrawn() {
        guard let layout else { return }
        let top = adjustment.value, bottom = top + viewportHeight
        var onScreen = 0, withPicture = 0
        for index in shownCards {
            guard let frame = layout.frame(of: index), frame.y < bottom, frame.y + frame.height > top,
                  let card = assignedCards[index] else { continue }
            onScreen += 1
            if card.showsPicture { withPicture += 1 }
        }
        TodayDrawLog.grid(offset: top, cards: onScreen, withPicture: withPicture)
    }

    // MARK: Making cards ready ahead of the viewport

    /// Makes the cards ahead ready: their looks are queued for painting now (painting happens off the
    /// main thread, so it need not wait for idle time, which a busy scroll never leaves), and their
    /// missing pictures are started one at a time in the idle time between frames (`prepareOne`).
    private func prepareAhead() {
        if LookAhead.mode == .looks { queueLooks() }
        schedulePreparing()
    }

    /// The assigned cards nearest the viewport first, in the direction last scrolled.
    private var cardsInPreparingOrder: [CardIndex] {
        assignedCards.keys.sorted { scrollDirection > 0 ? $0 < $1 : $0 > $1 }
    }

    /// Queues the look of every assigned card whose picture is ready and whose look is not painted
    /// (the cards on screen whose picture just arrived, then those ahead), nearest first. Here, on
    /// every deal and every picture's arrival, pictures are not asked for (`asking`); the idle pass does.
    private func queueLooks(asking: Bool = false) {
        guard let layout else { return }
        for index in cardsInPreparingOrder {
            guard let card = assignedCards[index], let frame = layout.frame(of: index) else { continue }
            card.paintLookAhead(width: frame.width.rounded(), height: frame.height.rounded(), asking: asking)
        }
    }

    private func schedulePreparing() {
        guard !preparing else { return }
        preparing = true
        MainLoop.idle { [weak self] in
            guard let self else { return }
            self.preparing = false
            self.prepareOne()
        }
    }

    /// In idle time: queues the looks again, asking for the pictures of the cards ahead (as drawing
    /// asks for those on screen); then, when no picture is being decoded or scaled, starts the
    /// nearest missing picture of a card ahead. One at a time, and only then: the pictures of the
    /// cards on screen (asked for when they are drawn) never queue behind pictures that a fast
    /// scroll may fly past.
    private func prepareOne() {
        guard layout != nil else { return }
        if LookAhead.mode == .looks { queueLooks(asking: true) }
        guard !images.isBusy else { return }
        for index in cardsInPreparingOrder where !shownCards.contains(index) {
            guard let card = assignedCards[index], let frame = layout?.frame(of: index) else { continue }
            card.prefetchPicture(width: frame.width.rounded(), height: frame.height.rounded())
            if images.isBusy { return }
        }
    }

    /// The card a story is showing stays hidden while it is out, so it never shows twice.
    var hiddenCard: CardIndex? {
        didSet {
            if let old = oldValue { assignedCards[old]?.canvas.opacity = 1 }
            if let new = hiddenCard { assignedCards[new]?.canvas.opacity = 0 }
        }
    }

    /// Shows the card at `index` again from the source (its article was read meanwhile).
    func refreshCard(_ index: CardIndex) {
        assignedCards[index]?.show(source.content(at: index), at: index)
    }

    /// Redraws the visible cards (the shared shadow moved).
    func redrawCards() {
        for index in shownCards { assignedCards[index]?.canvas.queueDraw() }
    }

    /// Redraws what may show a picture that finished decoding or scaling: the cards still without
    /// theirs and the headers; then prepares the cards ahead whose pictures it may have been.
    func redrawPictures() {
        for index in shownCards {
            if let card = assignedCards[index], card.waitsForPicture { card.canvas.queueDraw() }
        }
        for header in assignedHeaders.values { header.canvas.queueDraw() }
        prepareAhead()
    }

    // MARK: Queries the story and tests use

    /// A card's frame in the grid's coordinates now (after scrolling and resizing).
    func visibleFrame(of index: CardIndex) -> Rect? {
        guard let frame = layout?.frame(of: index) else { return nil }
        return rect(frame, minusY: adjustment.value)
    }

    func cardView(at index: CardIndex) -> CardView? { shownCards.contains(index) ? assignedCards[index] : nil }
    var visibleCards: [(index: CardIndex, view: CardView)] {
        shownCards.sorted().compactMap { index in assignedCards[index].map { (index, $0) } }
    }

    /// Scrolls the least distance that shows the whole card (with its inset), then focuses it.
    func reveal(_ index: CardIndex, focus: Bool) {
        guard let frame = layout?.cellFrame(of: index) else { return }
        var offset = adjustment.value
        if frame.y < offset { offset = frame.y }
        if frame.y + frame.height > offset + viewportHeight { offset = frame.y + frame.height - viewportHeight }
        setOffset(offset)
        if focus { assignedCards[index]?.canvas.grabFocus() }
    }

    func setOffset(_ offset: Double) {
        adjustment.value = clampOffset(offset)
    }

    // MARK: Scrolling

    private func installScrolling() {
        let scroll = EventControllerScroll([.vertical, .kinetic])
        scroll.onBegin { [weak self] in self?.stopFling() }
        scroll.onScroll { [weak self] _, dy, source in
            guard let self else { return false }
            self.stopFling()
            let step = source.isDiscreteScroll ? Self.wheelStep(pageSize: self.viewportHeight) : 1
            self.setOffset(self.adjustment.value + dy * step)
            return true
        }
        scroll.onDecelerate { [weak self] _, vy in self?.startFling(velocity: vy) }
        container.addController(scroll)
    }

    private func startFling(velocity: Double) {
        guard Widget.animationsEnabled, abs(velocity) > Self.flingStopVelocity else { return }
        flingVelocity = velocity
        flingLastTime = nil
        fling.start { [weak self] now in
            guard let self else { return false }
            let dt = now - (self.flingLastTime ?? now)
            self.flingLastTime = now
            self.flingVelocity *= pow(Self.decelerationPerMillisecond, dt * 1000)
            let before = self.adjustment.value
            self.setOffset(before + self.flingVelocity * dt)
            let hitEdge = dt > 0 && self.adjustment.value == before
            return abs(self.flingVelocity) > Self.flingStopVelocity && !hitEdge
        }
    }

    private func stopFling() { fling.stop() }

    // MARK: Keyboard

    /// Page Down and Up move by this share of the view, keeping a strip of the last page in sight
    /// (the story scrolls by it too).
    static let pageStep = 0.9

    private func installKeyboard() {
        let keys = EventControllerKey()
        keys.onPressed { [weak self] key, modifiers in
            guard let self, modifiers.isDisjoint(with: [.control, .alt]) else { return false }
            return self.handleKey(key, shift: modifiers.contains(.shift))
        }
        container.addController(keys)
    }

    private func handleKey(_ key: UInt32, shift: Bool) -> Bool {
        guard let layout else { return false }
        let direction: NavigationDirection
        switch key {
        case Key.left: direction = .left
        case Key.right: direction = .right
        case Key.up: direction = .up
        case Key.down: direction = .down
        case Key.tab: direction = shift ? .previous : .next
        // A reader's keys (NetNewsWire's, Gmail's): the next and previous article in reading order.
        case Key.j where !shift: direction = .next
        case Key.k where !shift: direction = .previous
        case Key.pageDown: setOffset(adjustment.value + viewportHeight * Self.pageStep); return true
        case Key.pageUp: setOffset(adjustment.value - viewportHeight * Self.pageStep); return true
        case Key.home: setOffset(0); focusFirstVisible(); return true
        case Key.end: setOffset(layout.contentHeight); return true
        default: return false
        }
        let current = focusedIndex.flatMap { assignedCards[$0]?.canvas.hasFocus == true ? $0 : nil }
        guard let current else {
            // Nothing focused yet (or it scrolled away): start from the first card on screen.
            if key == Key.tab && shift { return false }
            return focusFirstVisible()
        }
        guard let next = layout.neighbour(of: current, direction: direction) else {
            // Tab past the last card leaves the grid; arrows stop at the edges.
            return key != Key.tab
        }
        reveal(next, focus: true)
        return true
    }

    /// The cards on screen in reading order, from the first whose top is in view.
    private func cardsInFocusOrder() -> [CardIndex] {
        guard let layout else { return [] }
        let viewport = LayoutRect(x: 0, y: adjustment.value, width: layout.width, height: viewportHeight)
        let onScreen = layout.cards(in: viewport).sorted()
        let top = adjustment.value - 1
        let whole = onScreen.drop { (layout.cellFrame(of: $0)?.y ?? -1) < top }
        return Array(whole.isEmpty ? onScreen[...] : whole)
    }

    @discardableResult
    private func focusFirstVisible() -> Bool {
        guard let first = cardsInFocusOrder().first else { return false }
        reveal(first, focus: true)
        return true
    }
}
