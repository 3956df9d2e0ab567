import BrowserModel
import Foundation
import Gtk

/// The tab overview on screen: a grid of live thumbnails over the browser, opening from and
/// closing onto the current tab. Renders `TabOverview` and feeds it input; the browser performs
/// what it decides (choose, close, move a tab).
@MainActor
final class TabOverviewController {
    weak var browser: BrowserView?
    let model = TabOverview()
    /// Covers the whole browser while shown; invisible (and so not read out) while closed.
    let root: Canvas
    /// The tiles: a list a screen reader walks, one named button per tab.
    let grid: Canvas
    let bar = Box(.horizontal, spacing: 12)
    let newTabButton = Button(iconName: "tab-new-symbolic", accessibleLabel: "New Tab")
    let doneButton = Button(label: "Done")
    private(set) var tiles: [UUID: OverviewTile] = [:]
    /// The tiles' order among the grid's children.
    private var childOrder: [UUID] = []
    private var ticker: FrameTicker?
    /// The page the overview opened from, at full size, for the zoom (dropped when it closes).
    private var heroPicture: (id: UUID, image: RasterImage)?
    /// The tab that was current at the last render: when it changes, the one left is pictured.
    private var lastCurrentID: UUID?
    /// Frame times of the last opening and closing (the benchmark reads them).
    var frameTimes: [TimeInterval] = []

    init(browser: BrowserView) {
        self.browser = browser
        root = Canvas(role: .group, label: "Tab Overview") { _, _, _ in }
        grid = Canvas(role: .list, label: "Open Tabs") { _, _, _ in }
        root.addCSSClass("skiff-tab-overview")
        root.clipsContent = true
        grid.clipsContent = true
        root.isVisible = false
        root.addChild(grid)
        root.addChild(bar)
        bar.halign = .center
        for button in [newTabButton, doneButton] {
            button.valign = .center
            bar.append(button)
        }
        newTabButton.hasFrame = false
        newTabButton.tooltip = "New Tab"
        doneButton.addCSSClass("suggested-action")
        newTabButton.onClicked { [weak self] in self?.browser?.newTab() }
        doneButton.onClicked { [weak self] in self?.closeBackToCurrent() }
        root.onAllocate { [weak self] w, h in self?.layoutRoot(width: Double(w), height: Double(h)) }
        root.onDraw { [weak self] s, w, h in self?.drawRoot(s, width: w, height: h) }
        grid.onAllocate { [weak self] _, _ in self?.layoutGrid() }
        grid.onDraw { [weak self] s, _, _ in self?.drawGrid(s) }
        root.setFocusOrder { [weak self] in
            guard let self else { return [] }
            return [self.grid, self.bar]
        }
        grid.setFocusOrder { [weak self] in
            guard let self else { return [] }
            return self.model.ids.compactMap { self.tiles[$0]?.canvas }
        }
        ticker = FrameTicker(widget: root)
        installInput()
    }

    var isOpen: Bool { model.isOpen }
    /// The frame being drawn (animations).
    private var now: TimeInterval { FrameTicker.now(for: root) }
    /// The time of an input event or a command: the frame clock's time stands still while nothing
    /// animates, which would make a held press look instant and start a zoom in the past.
    private var inputNow: TimeInterval { max(now, FrameStats.monotonicNow) }

    // MARK: Opening and closing

    func open() {
        guard let browser, !model.isOpen else { return }
        browser.endEditing(commit: false)
        model.animationsEnabled = Widget.animationsEnabled
        // The current page as it is now, and any page never pictured (opened in the background).
        for tab in browser.pager.tabs.tabs {
            guard let page = browser.pages[tab.id] else { continue }
            if tab.id == browser.pager.tabs.current.id {
                // The zoom starts from the page at full size: its full picture, kept only while zooming.
                heroPicture = nil
                page.refreshThumbnail { [weak self] picture in
                    guard let self, self.model.isOpen else { return }
                    self.heroPicture = picture.flatMap { RasterImage(copying: $0) }.map { (tab.id, $0) }
                    self.refreshTiles()
                }
            } else if page.thumbnail == nil || page.thumbnailSlot.isStale {
                page.refreshThumbnail { [weak self] _ in self?.refreshTiles() }
            }
        }
        let width = Double(browser.root.width), pageHeight = Double(max(1, browser.pagesArea.height))
        model.resize(width: width, height: Double(browser.root.height), pageAspect: pageHeight / max(1, width))
        model.open(ids: browser.pager.tabs.tabs.map(\.id), current: browser.pager.tabs.currentIndex, now: inputNow)
        refreshTiles()
        root.isVisible = true
        frameTimes = []
        focusSelected()
        animate()
    }

    /// Back to the selected tab (Escape, Done, Enter, a click).
    func close() {
        perform(model.close(now: inputNow))
        animate()
    }

    /// Back to the tab that is current, whatever was selected since (Escape, Done).
    func closeBackToCurrent() {
        if let browser, let index = model.ids.firstIndex(of: browser.pager.tabs.current.id) { model.select(index) }
        close()
    }

    /// Gone at once, no zoom (a new tab takes over the screen).
    /// Closes back onto the current tab, then runs `next` (Ctrl+T: the new tab opens from the page,
    /// exactly as it does without the overview, focus and all).
    func closeBackToCurrent(then next: @escaping @MainActor () -> Void) {
        afterClosing = next
        closeBackToCurrent()
    }

    private var afterClosing: (@MainActor () -> Void)?

    func toggle() { if model.isOpen { closeBackToCurrent() } else { open() } }

    private func animate() {
        root.queueAllocate()
        root.queueDraw()
        grid.queueAllocate()
        guard let ticker, !ticker.isRunning else { return }
        ticker.start { [weak self] now in self?.frame(now: now) ?? false }
    }

    private func frame(now: TimeInterval) -> Bool {
        frameTimes.append(now)
        perform(model.tick(now: now))
        root.queueAllocate()
        grid.queueAllocate()
        root.queueDraw()
        grid.queueDraw()
        setUnderlyingShown(model.phase != .open)
        return model.isAnimating || model.pressGesture != nil
    }

    /// While the grid covers everything, the page, bars and toolbar are not on screen: hidden, so
    /// neither Tab nor a screen reader finds them.
    private func setUnderlyingShown(_ shown: Bool) {
        guard let browser else { return }
        for widget in [browser.pagesArea, browser.barsArea, browser.toolbar.row] as [Widget] where widget.isVisible != shown {
            widget.isVisible = shown
        }
    }

    // MARK: Effects

    func perform(_ effects: [TabOverview.Effect]) {
        guard let browser else { return }
        for effect in effects {
            switch effect {
            case .choose(let id):
                setUnderlyingShown(true)
                if let index = browser.pager.tabs.index(of: id) { browser.selectTabForOverview(at: index) }
            case .close(let id):
                if let index = browser.pager.tabs.index(of: id) { browser.closeTab(at: index) }
                model.sync(ids: browser.pager.tabs.tabs.map(\.id), current: browser.pager.tabs.currentIndex, now: inputNow)
                refreshTiles()
                focusSelected()
            case .move(let id, let index):
                browser.moveTab(id: id, to: index)
                model.sync(ids: browser.pager.tabs.tabs.map(\.id), current: browser.pager.tabs.currentIndex, now: inputNow)
                refreshTiles()
            case .closed:
                heroPicture = nil
                setUnderlyingShown(true)
                // The focus leaves before the overview hides: hiding the focus widget makes GTK pick
                // one itself, later, over whatever was focused meanwhile (a new tab's address).
                if root.containsFocus, let webView = browser.currentPage?.webView { _ = webView.grabFocus() }
                root.isVisible = false
                if let next = afterClosing {
                    afterClosing = nil
                    next()
                }
            }
        }
        animate()
    }

    /// Delete, Ctrl+W: the selected tab goes.
    func closeSelected() { perform(model.closeSelected()) }

    // MARK: Tiles

    /// Makes tiles for new tabs, drops those of closed ones, and updates what each shows.
    func refreshTiles() {
        guard let browser, model.isOpen else { return }
        let wanted = Set(model.ids)
        for (id, tile) in tiles where !wanted.contains(id) {
            grid.removeChild(tile.canvas)
            grid.removeChild(tile.close)
            tiles[id] = nil
            childOrder.removeAll { $0 == id }
        }
        for id in model.ids {
            let tile = tiles[id] ?? makeTile(id)
            guard let tab = browser.pager.tabs[id] else { continue }
            let page = browser.pages[id]
            let uri = page?.state.uri ?? page?.state.requestedURI ?? tab.uri
            let content = OverviewTileContent(title: page?.state.title ?? tab.title, host: Self.host(of: uri), isBlank: uri.isEmpty)
            tile.isSelected = model.selectedID == id
            tile.show(content, thumbnail: content.isBlank ? nil : page?.thumbnail)
        }
        orderChildren()
        updateVisibility()
        grid.queueAllocate()
        root.queueDraw()
    }

    /// The grid's children follow the tab order, which is the order a screen reader reads them in.
    private func orderChildren() {
        guard childOrder != model.ids else { return }
        let hadFocus = grid.containsFocus
        for id in childOrder { if let tile = tiles[id] { grid.removeChild(tile.canvas); grid.removeChild(tile.close) } }
        for id in model.ids { if let tile = tiles[id] { grid.addChild(tile.canvas); grid.addChild(tile.close) } }
        childOrder = model.ids
        if hadFocus { focusSelected() }
    }

    private func makeTile(_ id: UUID) -> OverviewTile {
        let tile = OverviewTile(id: id)
        tile.close.onClicked { [weak self] in
            guard let self, let index = self.model.ids.firstIndex(of: id) else { return }
            self.perform(self.model.closeTab(at: index))
        }
        let focus = EventControllerFocus()
        focus.onEnter { [weak self] in
            guard let self, let index = self.model.ids.firstIndex(of: id), index != self.model.selected else { return }
            self.model.select(index)
            self.selectionChanged()
        }
        tile.canvas.addController(focus)
        tile.canvas.isVisible = false
        grid.addChild(tile.canvas)
        grid.addChild(tile.close)
        tiles[id] = tile
        childOrder.append(id)
        return tile
    }

    static func host(of uri: String) -> String {
        if uri.hasPrefix("file:") { return URL(string: uri)?.lastPathComponent ?? "file" }
        return URLComponents(string: uri)?.host ?? ""
    }

    /// Only tiles on screen are shown (and so exposed to a screen reader).
    private func updateVisibility() {
        let layout = model.layout
        for (i, id) in model.ids.enumerated() {
            guard let tile = tiles[id] else { continue }
            let t = layout.tile(at: i)
            let y = t.y - model.scroll
            let shown = y + t.height > 0 && y < layout.viewportHeight
            if tile.canvas.isVisible != shown { tile.canvas.isVisible = shown }
            if tile.close.isVisible != shown { tile.close.isVisible = shown }
        }
    }

    private func selectionChanged() {
        for (id, tile) in tiles {
            let selected = model.selectedID == id
            if tile.isSelected != selected { tile.isSelected = selected; tile.canvas.queueDraw() }
        }
        updateVisibility()
        animate()
    }

    private func focusSelected() {
        guard let id = model.selectedID, let tile = tiles[id] else { return }
        selectionChanged()
        _ = tile.canvas.grabFocus()
    }

    // MARK: Layout and drawing

    private func layoutRoot(width: Double, height: Double) {
        guard let browser else { return }
        let pageHeight = Double(max(1, browser.pagesArea.height))
        model.resize(width: width, height: height, pageAspect: browser.pagesArea.isVisible ? pageHeight / max(1, width) : model.layout.thumbnailHeight / max(1, model.layout.tileWidth))
        updateVisibility()
        let barHeight = TabOverviewLayout.barHeight
        root.allocate(grid, Rect(x: 0, y: 0, width: width, height: max(1, height - barHeight)))
        root.allocate(bar, Rect(x: 0, y: height - barHeight, width: width, height: barHeight))
    }

    private func layoutGrid() {
        let layout = model.layout
        let t = now
        for (i, id) in model.ids.enumerated() {
            guard let tile = tiles[id], tile.canvas.isVisible else { continue }
            let offset = model.tileOffset(for: id, now: t)
            tile.lifted = offset.lifted
            let r = layout.tile(at: i)
            let x = r.x + offset.dx, y = r.y - model.scroll + offset.dy
            tile.canvas.opacity = offset.alpha
            tile.close.opacity = offset.alpha
            grid.allocate(tile.canvas, Rect(x: x, y: y, width: r.width, height: r.height))
            grid.allocate(tile.close, Rect(x: x + r.width - 28, y: y, width: 28, height: 28))
        }
    }

    /// The selected tile's place in the overview's coordinates, where the zoom lands.
    private func heroTarget() -> Rect? {
        guard let index = model.selectedID.flatMap({ model.ids.firstIndex(of: $0) }) else { return nil }
        let r = model.layout.thumbnail(at: index)
        return Rect(x: r.x, y: r.y - model.scroll, width: r.width, height: r.height)
    }

    private var isZooming: Bool { model.phase == .opening || model.phase == .closing }

    /// The background turns opaque over the first part of the zoom; after that nothing of the
    /// browser shows through.
    static let opaqueAt = 0.4
    /// Whether the overview hides the browser entirely, which then need not draw the pages under
    /// it (a web view costs a full-window texture every frame under the cairo renderer).
    var coversBrowser: Bool { root.isVisible && model.progress(now: now) >= Self.opaqueAt }

    private func drawRoot(_ s: Snapshot, width: Double, height: Double) {
        let p = model.progress(now: now)
        let colors = root.themeColors
        s.fill(Rect(x: 0, y: 0, width: width, height: height), color: colors.window.withAlpha(min(1, p / Self.opaqueAt)))
        s.withOpacity(p) {
            s.child(grid, of: root)
            s.fill(Rect(x: 0, y: height - TabOverviewLayout.barHeight, width: width, height: 1), color: colors.foreground.withAlpha(0.12))
            s.child(bar, of: root)
        }
        // The zoom: the selected tab's picture between its page's frame and its tile.
        guard isZooming, let browser, let id = model.selectedID, let tile = tiles[id], let target = heroTarget(),
              tile.thumbnail != nil || tile.content.isBlank else { return }
        let page = Rect(x: 0, y: 0, width: width, height: Double(max(1, browser.pagesArea.height)))
        let rect = Rect(x: page.x + (target.x - page.x) * p, y: page.y + (target.y - page.y) * p,
                        width: page.width + (target.width - page.width) * p, height: page.height + (target.height - page.height) * p)
        let picture = heroPicture?.id == id ? heroPicture?.image : tile.thumbnail
        OverviewTile.drawThumbnail(s, rect, texture: picture, content: tile.content, colors: colors, widget: root,
                                   selected: false, lifted: false, moving: true)
    }

    private func drawGrid(_ s: Snapshot) {
        var lifted: OverviewTile?
        for id in model.ids {
            guard let tile = tiles[id], tile.canvas.isVisible else { continue }
            if tile.lifted { lifted = tile; continue }
            // While zooming, the selected tab is drawn by the zoom instead.
            if isZooming, id == model.selectedID, tile.thumbnail != nil || tile.content.isBlank {
                s.child(tile.close, of: grid)
                continue
            }
            s.child(tile.canvas, of: grid)
            s.child(tile.close, of: grid)
        }
        if let lifted {
            s.child(lifted.canvas, of: grid)
            s.child(lifted.close, of: grid)
        }
    }

    // MARK: Input

    private func installInput() {
        let keys = EventControllerKey()
        keys.phase = .capture
        keys.onPressed { [weak self] keyval, modifiers in self?.key(keyval, modifiers) ?? false }
        root.addController(keys)

        let drag = GestureDrag()
        drag.onBegin { [weak self] x, y in
            guard let self, let index = self.model.layout.index(atX: x, y: y + self.model.scroll) else { return }
            self.model.pressBegan(on: index, now: self.inputNow)
        }
        drag.onUpdate { [weak self] (dx: Double, dy: Double, source: EventSource) in
            guard let self, self.model.pressGesture != nil else { return }
            self.model.pressMoved(dx: dx, dy: dy, now: self.inputNow)
            if self.model.pressGesture != .pending { source.claim() }
            self.selectionChanged()
        }
        drag.onEnd { [weak self] _, _ in
            guard let self else { return }
            self.perform(self.model.pressEnded(now: self.inputNow))
        }
        grid.addController(drag)

        let middle = GestureClick()
        middle.setButton(2)
        middle.onPressed { [weak self] _, x, y in
            guard let self, let index = self.model.layout.index(atX: x, y: y + self.model.scroll) else { return }
            self.perform(self.model.closeTab(at: index))
        }
        grid.addController(middle)

        let scroll = EventControllerScroll([.vertical])
        scroll.onScroll { [weak self] _, dy, source in
            guard let self else { return false }
            self.model.scroll(by: source.isDiscreteScroll ? dy * TabOverview.wheelStep : dy)
            self.updateVisibility()
            self.animate()
            return true
        }
        root.addController(scroll)
    }

    private func key(_ keyval: UInt32, _ modifiers: KeyModifiers) -> Bool {
        guard model.phase == .open || model.phase == .opening else { return false }
        let onTile = grid.containsFocus
        switch keyval {
        case Key.left, Key.right, Key.up, Key.down:
            guard onTile else { return false }
            let direction: TabOverviewLayout.Direction = switch keyval {
            case Key.left: .left
            case Key.right: .right
            case Key.up: .up
            default: .down
            }
            model.move(direction)
            focusSelected()
            return true
        case Key.enter, Key.kpEnter, Key.space:
            guard onTile else { return false }
            close()
            return true
        case Key.delete, Key.kpDelete, Key.backspace:
            guard onTile else { return false }
            closeSelected()
            return true
        case Key.tab, Key.leftTab:
            cycleFocus(backward: keyval == Key.leftTab || modifiers.contains(.shift))
            return true
        default:
            return false
        }
    }

    /// Tab walks every tile (scrolling to it), then New Tab and Done, and comes back round.
    private func cycleFocus(backward: Bool) {
        let count = model.ids.count
        let buttons: [Widget] = [newTabButton, doneButton]
        // Positions: 0..<count the tiles, then the buttons.
        var position = count + buttons.count - 1
        if grid.containsFocus { position = model.selected } else if let i = buttons.firstIndex(where: { $0.hasFocus }) { position = count + i }
        let total = count + buttons.count
        let next = ((position + (backward ? -1 : 1)) % total + total) % total
        if next < count {
            model.select(next)
            focusSelected()
        } else {
            _ = buttons[next - count].grabFocus()
        }
    }

    // MARK: Keeping up with the browser

    /// Called on every browser render: titles and pictures change, tabs come and go, and the tab
    /// just left is pictured as it was.
    func browserRendered() {
        guard let browser else { return }
        let current = browser.pager.tabs.current.id
        // A tab left may have changed since its picture: taken again when the overview next opens
        // (a WebKit snapshot per tab switch doubled the time of the browser's display tests).
        if let left = lastCurrentID, left != current { browser.pages[left]?.thumbnailSlot.isStale = true }
        lastCurrentID = current
        guard model.isOpen, model.phase != .closing else { return }
        let ids = browser.pager.tabs.tabs.map(\.id)
        if ids != model.ids && model.pressGesture == nil {
            model.sync(ids: ids, current: browser.pager.tabs.currentIndex, now: inputNow)
            animate()
        }
        refreshTiles()
    }
}
