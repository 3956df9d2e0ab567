import Foundation
import Gtk
import HomeModel

/// The Home tab's root page: the greeting header that snaps (docs/home.md, "Greeting header"),
/// the rewards tile and the tiles in a scrolling column, and the floating "Scan in store" pill.
@MainActor
final class HomeTabPage: HomeTabRoot {
    static let pillSize = (width: 170.0, height: 60.0)
    static let pillMargin = 16.0
    static let inset = 8
    static let spacing = 8

    let root: Widget
    let title = "Home"
    private let canvas: Canvas
    private let header = Box(.vertical, spacing: 16)
    let greeting = Label("")
    let historyButton = Button(label: "History")
    let scroller = ScrolledWindow()
    private let column = Box(.vertical, spacing: HomeTabPage.spacing)
    let pill = Button(label: "Scan in store")
    let rewards: RewardsTileView
    private(set) var tiles: [TileView] = []
    private let snap = HeaderSnap()
    private var ticker: FrameTicker?
    private let name: String?
    private weak var navigator: HomeNavigator?

    init(content: HomeContent, navigator: HomeNavigator) {
        self.navigator = navigator
        name = content.profile?.name
        canvas = Canvas(role: .group, label: "Home", draw: { _, _, _ in })
        root = canvas
        rewards = RewardsTileView(profile: content.profile, problem: content.profile == nil ? content.problemText : nil)

        header.addCSSClass("skiff-home-header")
        header.setMargins(top: 8, bottom: 8, start: 8, end: 8)
        greeting.addCSSClass("skiff-home-greeting")
        greeting.wraps = true
        greeting.setXAlign(0)
        header.append(greeting)
        historyButton.addCSSClass("flat")
        historyButton.addCSSClass("skiff-home-history")
        historyButton.halign = .start
        historyButton.setAccessibleLabel("Inbox and History")
        historyButton.tooltip = "Your Stars history"
        historyButton.onClicked { [weak self] in self?.navigator?.open(.history) }
        header.append(historyButton)
        refreshGreeting()

        column.setMargins(top: Self.inset, bottom: Self.inset + Int(Self.pillSize.height) + 16, start: Self.inset, end: Self.inset)
        column.halign = .center
        if let problems = content.problemText {
            let banner = Label(problems)
            banner.addCSSClass("skiff-home-problems")
            banner.wraps = true
            banner.maxWidthChars = 60
            banner.setXAlign(0)
            banner.selectable = true
            column.append(banner)
        }
        column.append(rewards.root)
        for tile in content.tiles {
            let view = TileView(tile: tile) { [weak self] route in self?.navigator?.open(route) }
            tiles.append(view)
            column.append(view.root)
        }
        scroller.setPolicy(horizontal: false, vertical: true)
        scroller.setChild(column)
        scroller.verticalAdjustment?.onValueChanged { [weak self] in self?.scrolled() }

        pill.addCSSClass("skiff-home-pill")
        pill.setAccessibleLabel("Scan in store")
        pill.onClicked { [weak self] in self?.navigator?.select(.scan) }

        canvas.addChild(scroller)
        canvas.addChild(header)
        canvas.addChild(pill)
        canvas.onMeasure { orientation, _ in orientation == .horizontal ? (320, 720) : (300, 700) }
        canvas.onAllocate { [weak self] width, height in self?.layout(width: Double(width), height: Double(height)) }
        canvas.onDraw { [weak self] snapshot, _, _ in
            guard let self else { return }
            snapshot.child(self.scroller, of: self.canvas)
            snapshot.child(self.header, of: self.canvas)
            snapshot.child(self.pill, of: self.canvas)
        }
        rewards.onHeightChange = { [weak self] in self?.column.queueResize() }
    }

    func open(_ route: HomeRoute, navigator: HomeNavigator) -> Bool {
        route == .tab(.home)
    }

    // MARK: What tests and the benchmark look at

    var headerSlide: Double { snap.slideDistance }
    var isHeaderSnappedUp: Bool { snap.isSnappedUp }
    var headerAnimating: Bool { snap.isAnimating }

    /// The greeting for now; called when the page is built and whenever it is shown again, so a
    /// window left open from morning into the afternoon says so.
    func refreshGreeting() {
        let text = Greeting.text(name: name ?? "", at: Date())
        if greeting.text != text { greeting.text = text }
    }

    // MARK: Layout and motion

    private func layout(width: Double, height: Double) {
        // The header lines up with the tiles' column (at most 640 px plus its inset, centred).
        let columnWidth = min(width, 640 + 2 * Double(Self.inset))
        let headerX = ((width - columnWidth) / 2).rounded()
        let headerHeight = Double(header.naturalHeight(forWidth: Int(columnWidth)))
        snap.greetingHeight = Double(greeting.naturalHeight(forWidth: Int(columnWidth) - 32))
        let slide = snap.slideDistance.rounded()
        canvas.allocate(header, Rect(x: headerX, y: -slide, width: columnWidth, height: headerHeight))
        let top = headerHeight - slide
        let pillWidth = min(Self.pillSize.width, width - 2 * Self.pillMargin)
        let pillX = width - pillWidth - Self.pillMargin
        // The pill floats beside the tiles where there is room; where the tiles' text reaches under it (a
        // narrow window) it sits in a strip of its own below them, so it never covers that text (docs/home.md).
        let textRight = (width + columnWidth) / 2 - Double(Self.inset) - TileView.textInset
        let strip = pillX < textRight ? Self.pillSize.height + Self.pillMargin : 0
        canvas.allocate(scroller, Rect(x: 0, y: top, width: width, height: max(0, height - top - strip)))
        canvas.allocate(pill, Rect(x: pillX, y: height - Self.pillSize.height - (strip > 0 ? Self.pillMargin / 2 : Self.pillMargin),
                                   width: pillWidth, height: Self.pillSize.height))
    }

    private func scrolled() {
        let offset = scroller.verticalOffset
        if offset <= 0 { refreshGreeting() }
        let animated = Widget.animationsEnabled
        snap.scrolled(to: offset, now: FrameTicker.now(for: root), animated: animated)
        apply()
        guard snap.isAnimating else { return }
        if ticker == nil { ticker = FrameTicker(widget: root) }
        guard ticker?.isRunning != true else { return }
        ticker?.start { [weak self] now in
            guard let self else { return false }
            let more = self.snap.tick(now: now)
            self.apply()
            return more
        }
    }

    private func apply() {
        greeting.opacity = snap.greetingOpacity
        canvas.queueAllocate()
    }

    /// Scrolls the tiles to `offset` (`Instrumented`; users scroll the scroller).
    func scroll(to offset: Double) { scroller.verticalOffset = offset }
}
