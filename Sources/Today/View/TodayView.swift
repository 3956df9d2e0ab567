import Foundation
import Gtk
import Pictures
import Logging
import Motion
import TodayModel

/// Where the Today section's feed comes from.
public enum TodayFeedSource: Sendable, Equatable {
    case file(URL)
    /// A synthetic feed of this many cards, for the scale benchmark and tests.
    case generated(cardCount: Int, imageDirectory: URL?)
}

/// The Today section: the card grid, the story over it, and the error view when the feed is unusable.
@MainActor
public final class TodayView {
    public let root = Overlay()
    /// Where Today's links, stories and choices go, set by the window (TodayHost.swift).
    public var host = TodayHost()
    let stack = Stack()
    let banner: ProblemBanner
    let images = TextureCache()
    private let source: TodayFeedSource
    private(set) var grid: GridView?
    private(set) var story: StoryView?
    private(set) var errorView: ErrorView?
    /// The cards' shadow, following the pointer.
    private var pointerShadow: PointerShadow?
    private let logger = Logger(label: "skiff.today")
    private(set) var loadedFeed: FeedSource?
    private var feedPage: Overlay?
    /// Ctrl+F: the search bar and its questions to the store.
    let search = TodaySearch()
    /// What search results replaced (the feed's page, grid, story, the focused card), to come back to.
    private var behindSearch: (page: String?, grid: GridView?, story: StoryView?, feed: FeedSource?, focused: CardIndex?)?
    private var resultsPage: Overlay?
    /// Articles that came (a refresh) while results were shown: shown when the search closes.
    private var feedAfterSearch: Feed?
    /// Finds stored articles for Ctrl+F (called off the main thread); nil: nothing to search.
    public var searchArticles: (@Sendable (String) -> [ArticleCardInput])? {
        get { search.query }
        set { search.query = newValue }
    }

    /// The list of views beside the grid on wide windows (`SidebarLayout`).
    let split: SidebarSplit
    public var isSidebarShown: Bool { split.showsSidebar && split.sidebar.root.isVisible }

    /// The sidebar's entries, the one shown chosen; none: no sidebar (the sample).
    public func showSidebar(_ entries: [SidebarEntry], selected: Int?) {
        let had = split.sidebar.hasEntries
        split.sidebar.show(entries, selected: selected)
        if had != split.sidebar.hasEntries { split.entriesChanged() }
    }

    /// Fetches the feeds again, when there are subscriptions to fetch.
    public func refresh() { host.onRefresh?() }
    /// Pictures named by http(s) addresses (subscriptions' articles), fetched into the disk cache;
    /// without it such cards keep their designed look.
    public var remotePictures: RemotePictures? {
        didSet {
            images.remote = remotePictures
            remotePictures?.onChange { [weak self] in self?.images.onReady?() }
        }
    }
    private let invitesSubscriptions: Bool
    /// Articles replaced the file's feed: a file read finishing later is not shown over them.
    private var showsReplacement = false

    /// - Parameter invitesSubscriptions: the feed is the bundled sample, shown while there are no
    ///   subscriptions: an "Add your feeds" card goes first.
    public init(source: TodayFeedSource, invitesSubscriptions: Bool = false) {
        self.source = source
        self.invitesSubscriptions = invitesSubscriptions
        banner = ProblemBanner()
        let column = Box(.vertical, spacing: 0)
        split = SidebarSplit(content: column)
        stack.setCrossfade()
        column.append(banner.root)
        column.append(search.bar)
        stack.addTitled(search.noMatchPage, name: "no-match", title: "No Match")
        search.onShow = { [weak self] page in self?.showSearch(page) }
        search.onClose = { [weak self] in self?.searchClosed() }
        search.entry.onActivate { [weak self] in
            // Enter: into the results, on the first card.
            guard let self, let grid = self.grid, let first = grid.visibleCards.first?.index else { return }
            grid.reveal(first, focus: true)
        }
        stack.hexpand = true
        stack.vexpand = true
        column.append(stack)
        split.sidebar.onChoose = { [weak self] index in self?.host.onChooseSidebarEntry?(index) }
        split.onSidebarShown = { [weak self] shown in self?.host.onSidebarShown?(shown) }
        root.setChild(split.root)
        root.addOverlay(toast.root)
        root.addCSSClass("today")
        images.onFailure = { [weak self] message in self?.banner.add([message]) }
        images.onReady = { [weak self] in
            self?.grid?.redrawPictures()
            self?.story?.redrawPicture()
        }
        let pointerShadow = PointerShadow(over: root)
        pointerShadow.redraw = { [weak self] in self?.grid?.redrawCards() }
        self.pointerShadow = pointerShadow
        installKeys()
        load()
    }

    // MARK: Loading

    private func load() {
        switch source {
        case .file(let url):
            loadInBackground(url) { [weak self] result in
                guard let self else { return }
                guard !self.showsReplacement else { return }
                if let feed = result.feed {
                    self.show(self.invitesSubscriptions ? ArticleCards.withAddFeedsCard(feed) : feed,
                              problems: result.problems.filter { $0.severity != .fatal })
                } else {
                    self.showError(title: "This feed can’t be shown", result: result, file: url)
                    for problem in result.problems { self.logger.error("\(problem.description)") }
                }
            }
        case .generated(let count, let imageDirectory):
            let pool = imageDirectory.map(FeedGenerator.images(in:)) ?? []
            let started = Date()
            let feed = FeedGenerator.generate(cardCount: count, imagePool: pool)
            logger.info("generated \(count) cards in \(Int(Date().timeIntervalSince(started) * 1000)) ms")
            show(feed, problems: [])
        }
    }

    /// Shows `feed` in place of what is shown (subscriptions' articles after a refresh, or the
    /// sample): the story closes, the scroll position stays where it can.
    public func replaceFeed(_ feed: Feed) {
        showsReplacement = true
        if behindSearch != nil {
            feedAfterSearch = feed
            return
        }
        let offset = grid?.scrollOffset ?? 0
        if let feedPage { stack.remove(feedPage) }
        if let old = errorView { stack.remove(old.root) }
        errorView = nil
        show(feed, problems: [])
        if offset > 0 { MainLoop.idle { [weak self] in self?.grid?.setOffset(offset) } }
    }

    /// Back to the file's feed (the sample) after articles replaced it: the last subscription went.
    public func restoreFileFeed() {
        guard showsReplacement else { return }
        search.close()
        feedAfterSearch = nil
        showsReplacement = false
        if let feedPage { stack.remove(feedPage) }
        feedPage = nil
        grid = nil
        story = nil
        loadedFeed = nil
        load()
    }

    /// Adds lines to the problems bar (a feed that failed to refresh, an address that is not a feed).
    public func reportProblems(_ lines: [String]) { banner.add(lines) }
    /// A quiet line above the feed ("Offline · updated 2 hours ago"); nil takes it away.
    public func reportStatus(_ text: String?) { banner.setStatus(text) }

    private func show(_ feed: Feed, problems: [FeedProblem]) {
        let (page, grid, story, feedSource) = makePage(feed)
        loadedFeed = feedSource
        stack.addTitled(page, name: "feed", title: "Feed")
        stack.visibleChildName = "feed"
        feedPage = page
        self.grid = grid
        self.story = story
        banner.add(problems.map(\.readable))
        for problem in problems { logger.warning("\(problem.description)") }
    }

    /// A grid of `feed`'s cards with the story over it: the feed's page, or search results'.
    private func makePage(_ feed: Feed) -> (Overlay, GridView, StoryView, FeedSource) {
        let feedSource = FeedSource(feed: feed)
        let grid = GridView(source: feedSource, images: images)
        let story = StoryView(images: images)
        grid.shadowOffset = { [weak self] in
            guard let self else { return (0, 8) }
            return self.pointerShadow?.offset ?? (0, PointerShadow.restingDrop)
        }
        grid.onOpen = { [weak self] index in self?.openStory(index) }
        grid.onContextMenu = { [weak self, weak grid, weak feedSource] index, widget, x, y in
            guard let self, let grid, let feedSource else { return }
            self.showCardMenu(feedSource, grid, index, widget: widget, x: x, y: y)
        }
        story.onClose = { [weak self] in self?.closeStory() }
        story.onOpenLink = { [weak self] link in self?.host.onOpenLink?(link) }
        story.onReaderView = { [weak self] in self?.openReaderView() }
        story.onStep = { [weak self] forward in _ = self?.showNeighbourStory(forward ? .next : .previous) }
        story.onNextUnread = { [weak self] in _ = self?.showNeighbourStory(.next, unreadOnly: true) }
        story.onContextMenu = { [weak self, weak grid, weak feedSource, weak story] x, y in
            guard let self, let grid, let feedSource, let story, let index = story.index else { return }
            self.showCardMenu(feedSource, grid, index, widget: story.container, x: x, y: y)
        }
        story.onClosed = { [weak self] index in
            self?.grid?.hiddenCard = nil
            self?.grid?.refreshCard(index)
            self?.grid?.cardView(at: index)?.canvas.grabFocus()
        }
        let page = Overlay()
        page.setChild(grid.root)
        page.addOverlay(story.container)
        return (page, grid, story, feedSource)
    }

    // MARK: Search

    /// Ctrl+F (the window's command, while Today is shown): the bar opens; the card that had the
    /// focus gets it back when it closes. Not over an open story.
    public func openSearch() {
        guard story?.isShown != true else { return }
        if !search.isOpen {
            let focused = grid?.visibleCards.first { $0.view.canvas.hasFocus }?.index
            behindSearchFocus = focused
        }
        search.open()
    }

    private var behindSearchFocus: CardIndex?

    /// Escape or Done closed the bar.
    public func closeSearch() { search.close() }

    private func showSearch(_ page: TodaySearch.Page) {
        // A story open over the results stays; the next key's answer replaces them.
        if story?.isShown == true, behindSearch != nil { return }
        switch page {
        case .feed:
            leaveResults()
        case .noMatch:
            enterResults(nil)
            search.noMatchPage.isVisible = true
            stack.visibleChildName = "no-match"
            hidePagesBehindSearch()
        case .results(let feed):
            enterResults(feed)
        }
    }

    /// Results take the feed's place (the feed's page is kept, hidden, to come back to).
    private func enterResults(_ feed: Feed?) {
        if behindSearch == nil {
            behindSearch = (stack.visibleChildName, grid, story, loadedFeed, behindSearchFocus)
        }
        if let resultsPage { stack.remove(resultsPage) }
        resultsPage = nil
        grid = nil
        story = nil
        loadedFeed = nil
        guard let feed else { return }
        let (page, grid, story, source) = makePage(feed)
        stack.addTitled(page, name: "results", title: "Results")
        stack.visibleChildName = "results"
        search.noMatchPage.isVisible = false
        hidePagesBehindSearch()
        resultsPage = page
        self.grid = grid
        self.story = story
        loadedFeed = source
    }

    /// The feed's page under results is not only out of sight but hidden: GTK would still present
    /// its cards to a screen reader beside the results.
    private func hidePagesBehindSearch() {
        feedPage?.isVisible = false
        errorView?.root.isVisible = false
    }

    private func leaveResults() {
        guard let saved = behindSearch else { return }
        behindSearch = nil
        grid = saved.grid
        story = saved.story
        loadedFeed = saved.feed
        feedPage?.isVisible = true
        errorView?.root.isVisible = true
        if let name = saved.page { stack.visibleChildName = name }
        search.noMatchPage.isVisible = false
        if let resultsPage { stack.remove(resultsPage) }
        resultsPage = nil
        if let feed = feedAfterSearch {
            feedAfterSearch = nil
            replaceFeed(feed)
        }
    }

    private func searchClosed() {
        let focused = behindSearchFocus
        behindSearchFocus = nil
        MainLoop.idle { [weak self] in
            guard let grid = self?.grid else { return }
            if let focused, let card = grid.cardView(at: focused) { _ = card.canvas.grabFocus() } else { _ = grid.container.grabFocus() }
        }
    }

    public var isSearchOpen: Bool { search.isOpen }
    /// What the search field holds.
    public var searchText: String { search.entry.text }

    private func showError(title: String, result: FeedLoadResult, file: URL) {
        let fatal = result.fatalProblem
        let others = result.problems.filter { $0.severity != .fatal }.map(\.readable)
        let view = ErrorView(title: title, message: fatal?.message ?? "the feed could not be read",
                             place: fatal.map(\.place) ?? file.lastPathComponent, others: others)
        view.onRetry = { [weak self] in self?.retry() }
        stack.addTitled(view.root, name: "error", title: "Error")
        stack.visibleChildName = "error"
        errorView = view
        MainLoop.idle { [weak view] in view?.focusDefault() }
    }

    /// Reads and checks the feed off the main thread (a feed may be up to 64 MB of JSON), then
    /// hands the result back on the main actor. The window answers meanwhile.
    private func loadInBackground(_ url: URL, then body: @escaping @MainActor (FeedLoadResult) -> Void) {
        isLoadingFeed = true
        DispatchQueue.global(qos: .userInitiated).async {
            let result = FeedLoader.load(fileURL: url)
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    self.isLoadingFeed = false
                    body(result)
                }
            }
        }
    }

    /// Whether the feed file is being read.
    public private(set) var isLoadingFeed = false

    private func retry() {
        guard case .file(let url) = source, !isLoadingFeed else { return }
        loadInBackground(url) { [weak self] result in self?.retried(result, file: url) }
    }

    private func retried(_ result: FeedLoadResult, file url: URL) {
        guard let feed = result.feed else {
            errorView?.onRetry = nil
            if let old = errorView { stack.remove(old.root) }
            errorView = nil
            showError(title: "This feed still can’t be shown", result: result, file: url)
            return
        }
        if let old = errorView { stack.remove(old.root) }
        errorView = nil
        show(feed, problems: result.problems.filter { $0.severity != .fatal })
    }

    // MARK: Story

    func openStory(_ index: CardIndex) {
        guard let grid, let story, let feed = loadedFeed, !story.isShown, let frame = grid.visibleFrame(of: index) else { return }
        if feed.feed.card(at: index)?.id == ArticleCards.addFeedsCardID, let onAddFeed = host.onAddFeed {
            onAddFeed()
            return
        }
        let content = feed.content(at: index)
        let reader = content.body.isEmpty ? host.storyBody : nil
        story.open(content, index: index, from: frame, size: (Double(grid.root.width), Double(grid.root.height)), bodyFollows: reader != nil)
        storyShown(content, at: index, feed: feed, grid: grid, reader: reader)
    }

    /// The story's text read if the card lacks it, its card hidden, its article marked read.
    private func storyShown(_ content: CardContent, at index: CardIndex, feed: FeedSource, grid: GridView,
                            reader: (@Sendable (String) async -> StoryText)?) {
        if let reader {
            let id = content.id
            Task { [weak self] in
                let text = await reader(id)
                self?.story?.continueBody(text, for: index)
            }
        }
        grid.hiddenCard = index
        if content.unread {
            feed.readOverrides[content.id] = true
            host.onStoryOpened?(content.id)
        }
    }

    /// j/k, Down past the end, Up past the top, Space at the end (unread only): the story shows the
    /// next or previous article in place, the card under it too (docs/feeds.md). Whether it moved.
    func showNeighbourStory(_ direction: NavigationDirection, unreadOnly: Bool = false) -> Bool {
        guard let grid, let story, story.isOpen, let current = story.index, let layout = grid.layout, let feed = loadedFeed else { return false }
        guard let next = layout.neighbour(of: current, direction: direction, where: { candidate in
            feed.feed.card(at: candidate)?.id != ArticleCards.addFeedsCardID && (!unreadOnly || feed.content(at: candidate).unread)
        }) else { return false }
        let content = feed.content(at: next)
        let reader = content.body.isEmpty ? host.storyBody : nil
        grid.reveal(next, focus: false)
        story.show(content, index: next, bodyFollows: reader != nil)
        storyShown(content, at: next, feed: feed, grid: grid, reader: reader)
        grid.refreshCard(current)
        return true
    }

    /// Reader View for the open story: its article fetched from its page replaces the summary.
    private func openReaderView() {
        guard let story, story.isOpen, let index = story.index, let feed = loadedFeed, let readerView = host.readerView else { return }
        let id = feed.content(at: index).id
        Task { [weak self] in
            let text = await readerView(id)
            self?.story?.showReaderText(text, for: index)
        }
    }

    func closeStory() {
        guard let grid, let story, story.isShown, let index = story.index else { return }
        // Bring the card back on screen first if the window changed under the story.
        grid.reveal(index, focus: false)
        if let frame = grid.visibleFrame(of: index) { story.close(to: frame) }
    }

    // MARK: Input

    private func installKeys() {
        let keys = EventControllerKey()
        keys.phase = .capture
        keys.onPressed { [weak self] key, modifiers in
            guard let self else { return false }
            let plain = modifiers.isDisjoint(with: [.control, .alt, .shift])
            // A reader's keys, on the focused card or the open story (not in the search field:
            // typed letters are the field's).
            if plain, key == Key.m || key == Key.s, self.toggle(key == Key.m ? .read : .starred) { return true }
            // Ctrl+Enter on a focused card: its page, as in its story.
            if (key == Key.enter || key == Key.kpEnter), modifiers.contains(.control), self.story?.isOpen != true,
               let link = self.focusedCardLink {
                self.host.onOpenLink?(link)
                return true
            }
            guard let story = self.story, story.isOpen else {
                if key == Key.escape, plain, self.search.isOpen {
                    self.search.close()
                    return true
                }
                return false
            }
            if key == Key.escape || (key == Key.left && modifiers.contains(.alt)) {
                self.closeStory()
                return true
            }
            if (key == Key.enter || key == Key.kpEnter), modifiers.contains(.control) { return story.openLink() }
            if plain, key == Key.j || key == Key.k {
                // Taken at the first and last article too: the grid under the story must not move.
                _ = self.showNeighbourStory(key == Key.j ? .next : .previous)
                return true
            }
            if key == Key.space, modifiers.isDisjoint(with: [.control, .alt]) { return story.page(forward: !modifiers.contains(.shift)) }
            if key == Key.r, modifiers.contains(.control), modifiers.contains(.alt) { return story.requestReaderView() }
            return false
        }
        root.addController(keys)
        // The mouse's Back button closes a story too, as it goes back in a browser.
        let back = GestureClick()
        back.setButton(8)
        back.onPressed { [weak self] _, _, _ in
            if self?.story?.isOpen == true { self?.closeStory() }
        }
        root.addController(back)
    }

    /// The page of the article whose card has the keyboard focus.
    private var focusedCardLink: URL? {
        guard let grid, let feed = loadedFeed, let focused = grid.visibleCards.first(where: { $0.view.canvas.containsFocus }) else { return nil }
        return feed.content(at: focused.index).link
    }

    /// An article's state a reader's key changes.
    public enum ArticleState: Sendable { case read, starred }


    /// `m` or `s` on the open story's article or the focused card's: flipped, recorded, redrawn.
    private func toggle(_ state: ArticleState) -> Bool {
        guard let grid, let feed = loadedFeed else { return false }
        let index: CardIndex
        if let story, story.isOpen, let open = story.index {
            index = open
        } else if let focused = grid.visibleCards.first(where: { $0.view.canvas.containsFocus }) {
            index = focused.index
        } else {
            return false
        }
        return toggle(state, at: index, feed: feed, grid: grid)
    }

    private func toggle(_ state: ArticleState, at index: CardIndex, feed: FeedSource, grid: GridView) -> Bool {
        guard let setArticleState = host.setArticleState else { return false }
        let content = feed.content(at: index)
        let on = state == .read ? content.unread : !content.starred
        guard setArticleState(content.id, state, on) else { return false }
        switch state {
        case .read: feed.readOverrides[content.id] = on
        case .starred: feed.starOverrides[content.id] = on
        }
        grid.refreshCard(index)
        return true
    }

    // MARK: Undo

    private let toast = UndoToast()

    /// What was just done to many articles ("12 articles marked as read"), with Undo, at the bottom.
    public func showUndo(_ text: String, undo: @escaping () -> Void) { toast.show(text, undo: undo) }

    // MARK: A card's menu

    lazy var cardMenu: CardMenu = {
        let menu = CardMenu(attachedTo: root)
        menu.onToggle = { [weak self] state, target in _ = self?.toggle(state, at: target.index, feed: target.feed, grid: target.grid) }
        menu.onOpenLink = { [weak self] link in self?.host.onOpenLink?(link) }
        return menu
    }()

    private func showCardMenu(_ feed: FeedSource, _ grid: GridView, _ index: CardIndex, widget: Widget, x: Double, y: Double) {
        cardMenu.show(for: (feed, grid, index), at: widget, x: x, y: y, changesState: host.setArticleState != nil)
    }

}

