import Foundation
import Gtk
import HomeModel
import Logging

/// The Home section: five tabs, each with its own navigation stack (docs/home.md, "Navigation").
///
/// The shell owns the tab bar, the section's header (Back, the page's title) and the slide between
/// pages; every decision about stacks and slides is `TabStacks`'. Tab root pages come from the
/// Home and Scan pages built here and from `makeTabRoot` for Order, Gift and Stores.
@MainActor
public final class HomeView: HomeNavigator {
    /// Below this width the tabs move from the header to a bar at the bottom (docs/home.md).
    public static let narrowWidth = 700

    public let root: Widget
    private let canvas: Canvas
    private let topBar = Box(.horizontal, spacing: 6)
    private let backButton = Button(iconName: "go-previous-symbolic", accessibleLabel: "Back")
    private let titleLabel = Label("")
    private let headerTabs = TabBar(style: .header)
    private let bottomTabs = TabBar(style: .bottom)
    private let tabStack = Stack()
    private var containers: [HomeTab: Canvas] = [:]
    private var roots: [HomeTab: HomeTabRoot] = [:]
    private var pages: [ObjectIdentifier: HomePage] = [:]
    private var stacks = TabStacks<ObjectIdentifier>(roots: [:])
    private var ticker: FrameTicker?
    private var isWide = true
    private let makeHistory: () -> HomePage?
    private let logger = Logger(label: "skiff.home")
    private var swipe = EdgeSwipe()
    /// Where the keyboard focus was when each page was pushed, to return it there when it pops.
    private var focusBeforePush: [ObjectIdentifier: Widget] = [:]
    private var pendingFocus: Widget?

    /// Told whenever the shown tab changes (the app remembers it between launches).
    public var onTabChanged: ((HomeTab) -> Void)?

    let content: HomeContent
    private(set) var homePage: HomeTabPage?
    private(set) var scanPage: ScanPage?

    /// - Parameters:
    ///   - source: the profile and tiles files.
    ///   - initialTab: the tab shown first (the one open when Skiff was last closed).
    ///   - makeTabRoot: builds the Order, Gift and Stores tabs' root pages.
    ///   - makeHistory: builds the transaction history page the header's History button pushes
    ///     (`HomeRoute.history`); nil leaves the button without effect.
    public init(source: HomeSource, initialTab: HomeTab = .home,
                makeTabRoot: (DataTab, HomeNavigator) -> HomeTabRoot,
                makeHistory: @escaping () -> HomePage?) {
        self.makeHistory = makeHistory
        content = HomeContent.load(source)
        canvas = Canvas(role: .group, label: "Home", draw: { _, _, _ in })
        root = canvas
        canvas.addCSSClass("skiff-home")
        canvas.clipsContent = true

        let home = HomeTabPage(content: content, navigator: self)
        let scan = ScanPage(profile: content.profile, problem: content.profile == nil ? content.problemText : nil)
        homePage = home
        scanPage = scan
        var rootIDs: [HomeTab: ObjectIdentifier] = [:]
        for tab in HomeTab.allCases {
            let page: HomeTabRoot = switch tab {
            case .home: home
            case .scan: scan
            case .order: makeTabRoot(.order, self)
            case .gift: makeTabRoot(.gift, self)
            case .stores: makeTabRoot(.stores, self)
            }
            roots[tab] = page
            let id = ObjectIdentifier(page)
            pages[id] = page
            rootIDs[tab] = id
            let container = makeContainer(for: tab)
            container.addChild(page.root)
            containers[tab] = container
            tabStack.addTitled(container, name: tab.rawValue, title: tab.title)
        }
        stacks = TabStacks(roots: rootIDs, selected: initialTab)
        buildChrome()
        installInput()
        tabStack.visibleChildName = initialTab.rawValue
        refresh()
    }

    // MARK: HomeNavigator

    public var selectedTab: HomeTab { stacks.selected }

    public func push(_ page: HomePage, on tab: HomeTab?) {
        let id = ObjectIdentifier(page)
        guard pages[id] == nil else { return }
        let tab = tab ?? stacks.selected
        pages[id] = page
        if tab == stacks.selected, let focus = root.windowFocus, root.containsFocus { focusBeforePush[id] = focus }
        containers[tab]?.addChild(page.root)
        detach(stacks.push(id, on: tab, now: now, animated: Widget.animationsEnabled))
        refresh()
        animate()
        if !stacks.isAnimating { page.root.focusFirstChild() }
    }

    public func pop() {
        guard stacks.canPop else { return }
        detach(stacks.pop(now: now, animated: Widget.animationsEnabled))
        refresh()
        animate()
    }

    public func select(_ tab: HomeTab) {
        let changed = tab != stacks.selected
        detach(stacks.select(tab))
        tabStack.visibleChildName = tab.rawValue
        if tab == .home { homePage?.refreshGreeting() }
        refresh()
        if changed { onTabChanged?(tab) }
    }

    public func setBadge(_ count: Int?, on tab: HomeTab) {
        headerTabs.setBadge(count, on: tab)
        bottomTabs.setBadge(count, on: tab)
    }

    public func openRoute(_ route: HomeRoute) {
        select(route.tab)
        switch route {
        case .tab:
            return
        case .history:
            if let page = makeHistory() { push(page, on: .home) } else { logger.info("no History page in this build") }
        default:
            guard let root = roots[route.tab] else { return }
            if !root.open(route, navigator: self) { logger.info("the \(route.tab.title) tab does not know \(route.text)") }
        }
    }

    // MARK: What tests and the benchmark look at

    /// How many pages the tab's stack holds (1 = only its root).
    public func depth(of tab: HomeTab) -> Int { stacks.depth(tab) }
    public var isSliding: Bool { stacks.isAnimating }
    /// Whether the tabs sit in the bottom bar (narrow) rather than the header.
    public var tabsAtBottom: Bool { !isWide }
    /// The tab list on screen, and its tab buttons (for accessibility checks).
    public var visibleTabList: Widget { isWide ? headerTabs.root : bottomTabs.root }
    public func tabButton(_ tab: HomeTab) -> Widget? { (isWide ? headerTabs : bottomTabs).buttons[tab] }
    public var backButtonWidget: Widget { backButton }
    public var pageTitle: String { titleLabel.text }

    // MARK: Building

    private var now: TimeInterval { FrameTicker.now(for: root) }

    private func buildChrome() {
        topBar.addCSSClass("skiff-home-bar")
        backButton.addCSSClass("flat")
        backButton.onClicked { [weak self] in self?.pop() }
        topBar.append(backButton)
        titleLabel.addCSSClass("heading")
        titleLabel.setXAlign(0)
        titleLabel.ellipsizeAtEnd()
        titleLabel.hexpand = true
        topBar.append(titleLabel)
        headerTabs.root.halign = .center
        topBar.append(headerTabs.root)
        let balance = Box(.horizontal)
        balance.hexpand = true
        topBar.append(balance)
        bottomTabs.root.isVisible = false
        for bar in [headerTabs, bottomTabs] {
            bar.onSelect = { [weak self] tab in self?.tabClicked(tab) }
        }
        canvas.addChild(topBar)
        canvas.addChild(tabStack)
        canvas.addChild(bottomTabs.root)
        canvas.onMeasure { orientation, _ in orientation == .horizontal ? (360, 1100) : (300, 760) }
        canvas.onAllocate { [weak self] width, height in self?.layout(width: width, height: height) }
        canvas.onDraw { [weak self] snapshot, _, _ in
            guard let self else { return }
            snapshot.child(self.tabStack, of: self.canvas)
            snapshot.child(self.topBar, of: self.canvas)
            if self.bottomTabs.root.isVisible { snapshot.child(self.bottomTabs.root, of: self.canvas) }
        }
    }

    private func layout(width: Int, height: Int) {
        let wide = width >= Self.narrowWidth
        if wide != isWide {
            // Visibility cannot change inside an allocation: flip the bars right after it.
            DispatchQueue.main.async { [weak self] in self?.setWide(wide) }
        }
        let w = Double(width)
        let top = canvas.place(topBar, x: 0, y: 0, width: w)
        var bottom = 0.0
        if bottomTabs.root.isVisible {
            bottom = Double(bottomTabs.root.naturalHeight(forWidth: width))
            canvas.allocate(bottomTabs.root, Rect(x: 0, y: Double(height) - bottom, width: w, height: bottom))
        }
        canvas.allocate(tabStack, Rect(x: 0, y: top, width: w, height: max(0, Double(height) - top - bottom)))
    }

    private func setWide(_ wide: Bool) {
        guard wide != isWide else { return }
        isWide = wide
        headerTabs.root.isVisible = wide
        bottomTabs.root.isVisible = !wide
        canvas.queueResize()
    }

    private func makeContainer(for tab: HomeTab) -> Canvas {
        let container = Canvas(role: .group, label: tab.title, draw: { _, _, _ in })
        container.clipsContent = true
        container.onAllocate { [weak self, weak container] width, height in
            guard let self, let container else { return }
            for placement in self.placements(for: tab) {
                guard let page = self.pages[placement.page] else { continue }
                container.allocate(page.root, Rect(x: (placement.offset * Double(width)).rounded(), y: 0, width: Double(width), height: Double(height)))
            }
        }
        container.onDraw { [weak self, weak container] snapshot, width, height in
            guard let self, let container else { return }
            let placements = self.placements(for: tab)
            for (index, placement) in placements.enumerated() {
                guard let page = self.pages[placement.page] else { continue }
                if index > 0 {
                    // The moving page's left edge shades the page it covers: a gradient strip,
                    // not a blurred shadow (blurs are recomputed in software every frame).
                    let x = (placement.offset * width).rounded()
                    snapshot.horizontalGradient(Rect(x: x - 10, y: 0, width: 10, height: height),
                                                left: Color(red: 0, green: 0, blue: 0, alpha: 0),
                                                right: Color(red: 0, green: 0, blue: 0, alpha: 0.15))
                }
                snapshot.child(page.root, of: container)
            }
        }
        return container
    }

    private func placements(for tab: HomeTab) -> [TabStacks<ObjectIdentifier>.Placement] {
        if tab == stacks.selected { return stacks.placements }
        return stacks.top(tab).map { [.init(page: $0, offset: 0)] } ?? []
    }

    // MARK: Input

    private func installInput() {
        // Escape is Home's only while it has a page to pop (a command would take it from every
        // field and popover in Home), so it stays with the canvas. Alt+Left and Ctrl+1 … Ctrl+5 are
        // window commands (`HomeView.commands`).
        let keys = ShortcutController()
        keys.add("Escape") { [weak self] in self?.popIfShown() ?? false }
        canvas.addController(keys)

        // The mouse's back button.
        let back = GestureClick()
        back.setButton(8)
        back.onPressed { [weak self] _, _, _ in _ = self?.popIfShown() }
        canvas.addController(back)

        // A drag from the left edge (touch, or a mouse pressed right at the edge) scrubs the pop.
        let drag = GestureDrag()
        drag.phase = .capture
        drag.onBegin { [weak self] x, _ in self?.edgeSwipeBegan(x: x) }
        drag.onUpdate { [weak self] (dx: Double, _: Double, source: EventSource) in self?.edgeSwipeMoved(dx: dx, source: source) }
        drag.onEnd { [weak self] _, _ in self?.edgeSwipeEnded() }
        tabStack.addController(drag)

        // A two-finger touchpad swipe to the right does the same.
        let scroll = EventControllerScroll([.horizontal])
        scroll.phase = .capture
        scroll.onBegin { [weak self] in
            guard let self else { return }
            self.swipe.touchpadBegan(canPop: self.stacks.canPop && !self.stacks.isAnimating, now: self.now)
        }
        scroll.onScroll { [weak self] dx, dy, source in self?.touchpadScrolled(dx: dx, dy: dy, discrete: source.isDiscreteScroll) ?? false }
        scroll.onEnd { [weak self] in self?.touchpadEnded() }
        tabStack.addController(scroll)
    }

    /// Home's commands, for the window to make named actions of ("win.home-tab-scan"), enabled
    /// while Home is on screen. `home` gives the view, built if it was not yet.
    /// Ctrl, not Alt: Alt+1 … Alt+4 choose the window's section.
    public static func commands(_ home: @escaping @MainActor @Sendable () -> HomeView?) -> CommandGroup {
        let tabs = HomeTab.allCases.enumerated().map { index, tab in
            KeyboardCommand("home-tab-\(tab.rawValue)", "Show \(tab.title)", ["<Control>\(index + 1)"]) {
                guard let view = home() else { return }
                view.select(tab)
                view.tabButton(tab)?.grabFocus()
            }
        }
        return CommandGroup("Home", tabs + [
            KeyboardCommand("home-back", "Back", ["<Alt>Left"]) { _ = home()?.popIfShown() },
            KeyboardCommand("home-back-escape", "Back (on a page pushed over a tab)", ["Escape"]),
        ])
    }

    /// Escape, Alt+Left and the back button pop only while Home is on screen and has a page to pop.
    private func popIfShown() -> Bool {
        guard root.isMapped, stacks.canPop else { return false }
        pop()
        return true
    }

    private func tabClicked(_ tab: HomeTab) {
        if tab == stacks.selected {
            // Choosing the tab that is shown goes back to its first page, as on the phone.
            detach(stacks.popToRoot())
            refresh()
        } else {
            select(tab)
        }
    }

    private func edgeSwipeBegan(x: Double) {
        swipe.dragBegan(x: x, canPop: stacks.canPop && !stacks.isAnimating, now: now)
    }

    private func edgeSwipeMoved(dx: Double, source: EventSource) {
        if swipe.dragMoved(dx: dx, now: now) {
            guard stacks.beginInteractivePop() else { swipe = EdgeSwipe(); return }
            source.claim()
            refresh()
        }
        scrub()
    }

    private func edgeSwipeEnded() {
        guard let velocity = swipe.ended(now: now), stacks.slide?.isInteractive == true else { return }
        stacks.endInteractivePop(velocity: velocity, now: now)
        animate()
    }

    private func touchpadScrolled(dx: Double, dy: Double, discrete: Bool) -> Bool {
        guard !discrete else { return false }
        let step = swipe.touchpadScrolled(dx: dx, dy: dy, now: now)
        if step.startedNow {
            guard stacks.beginInteractivePop() else { swipe = EdgeSwipe(); return false }
            refresh()
        }
        if step.consumed { scrub() }
        return step.consumed
    }

    private func touchpadEnded() {
        guard let velocity = swipe.ended(now: now), stacks.slide?.isInteractive == true else { return }
        stacks.endInteractivePop(velocity: velocity, now: now)
        animate()
    }

    /// Follows the finger: the page is where the swipe says.
    private func scrub() {
        guard swipe.isSwiping, stacks.slide?.isInteractive == true else { return }
        stacks.updateInteractivePop(translation: swipe.translation, width: Double(tabStack.width))
        containers[stacks.selected]?.queueAllocate()
        containers[stacks.selected]?.queueDraw()
    }

    // MARK: Frames

    private func animate() {
        guard stacks.isAnimating else { return }
        if ticker == nil { ticker = FrameTicker(widget: root) }
        guard ticker?.isRunning != true else { return }
        ticker?.start { [weak self] now in
            guard let self else { return false }
            self.detach(self.stacks.tick(now: now))
            self.refresh()
            if !self.stacks.isAnimating, let top = self.stacks.top(self.stacks.selected), let page = self.pages[top], !page.root.containsFocus {
                page.root.focusFirstChild()
            }
            return self.stacks.isAnimating
        }
    }

    /// Pages that left their stacks: out of the tree and forgotten.
    private func detach(_ removed: [ObjectIdentifier]) {
        for id in removed {
            let hadFocus = pages[id]?.root.containsFocus ?? false
            guard let page = pages.removeValue(forKey: id) else { continue }
            for container in containers.values where page.root.isChild(of: container) {
                container.removeChild(page.root)
            }
            // Back where the user was: the control that opened the page (the History button).
            if let previous = focusBeforePush.removeValue(forKey: id), hadFocus || !root.containsFocus {
                pendingFocus = previous
            }
        }
    }

    /// Shows exactly the pages that are placed (hidden pages are not exposed to accessibility),
    /// and the header for the selected tab's top page.
    private func refresh() {
        for tab in HomeTab.allCases {
            let shown = Set(placements(for: tab).map(\.page))
            for id in stacks.stack(tab) {
                guard let page = pages[id] else { continue }
                let visible = shown.contains(id)
                if page.root.isVisible != visible { page.root.isVisible = visible }
            }
            containers[tab]?.queueAllocate()
            containers[tab]?.queueDraw()
        }
        let selected = stacks.selected
        headerTabs.show(selected: selected)
        bottomTabs.show(selected: selected)
        let depth = stacks.depth(selected)
        backButton.isVisible = depth > 1
        let topTitle = stacks.top(selected).flatMap { pages[$0]?.title } ?? selected.title
        if titleLabel.text != topTitle { titleLabel.text = topTitle }
        if let focus = pendingFocus {
            pendingFocus = nil
            if focus.isMapped { focus.grabFocus() }
        }
        if depth > 1, let under = stacks.stack(selected).dropLast().last.flatMap({ pages[$0] }) {
            backButton.setAccessibleLabel("Back to \(under.title)")
            backButton.tooltip = "Back to \(under.title) (Escape)"
        }
    }
}
