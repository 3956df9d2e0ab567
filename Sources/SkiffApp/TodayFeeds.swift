import BrowserStore
import FeedFormat
import FeedStore
import FeedSync
import Foundation
import Gtk
import Logging
import Pictures
import Today
import TodayModel

/// Today's subscriptions on screen: reads the stored articles into cards (off the main thread),
/// gives a story its text when it opens (StoryTexts), marks what is read. Owns the feeds database
/// of the window; Today itself knows only cards (docs/feeds.md "Cards and stories").
@MainActor
final class TodayFeeds {
    /// Cards read from the store at most (newest first): a day's reading, far beyond a screenful,
    /// and the figure the 10,000-article first-frame budget is measured at (docs/feeds.md).
    nonisolated static let maximumCards = 2_000

    let store: FeedStore?
    /// Fetching: nil without a store.
    let updates: FeedUpdates?
    /// "Add your feeds" was chosen, or Add Feed… in the menu: the window asks for an address.
    var onAddFeed: (() -> Void)?
    private var reloadScheduled = false
    private var unreadCount = 0 {
        didSet {
            if unreadCount != oldValue { onUnreadCount?(unreadCount) }
            onCounts?(unreadCount, starredCount)
        }
    }
    private var startTicker: FrameTicker?
    /// What opening the store came to, for the problems bar (nil when all went well).
    let openingProblem: String?
    private weak var today: TodayView?
    /// Card id (the article's row id) → the article's key, for marking it read.
    private var keys: [String: ArticleKey] = [:]
    private var generation = 0
    /// Feeds without an icon of their own, by the site whose page is read for one.
    private var feedsBySite: [String: [FeedID]] = [:]
    private let logger = Logger(label: "skiff.today.feeds")
    /// Whether there is at least one subscription (the sample shows while there is none).
    private(set) var hasSubscriptions = false
    /// How many articles are unread, after each reload and each article read (the section switcher).
    var onUnreadCount: ((Int) -> Void)?
    /// Which articles are shown (the sidebar, the header's view chooser); the cards are read again
    /// when it changes.
    var selection: ArticleSelection = .all {
        didSet { if selection != oldValue { reload() } }
    }
    /// The views with their counts (smart views, feeds, folders), after each reload and each change.
    var onChoices: (([ArticleSelectionChoice]) -> Void)?
    /// What the last reload read, for the choices' counts between reloads.
    private var listed: (feeds: [StoredFeed], unreadByFeed: [FeedID: Int]) = ([], [:])
    /// How many articles are unread and starred, after each reload and each change (the view chooser).
    var onCounts: ((_ unread: Int, _ starred: Int) -> Void)?
    private var starredCount = 0
    /// Today's "Updated …" line changed (a round started or ended): the window's subtitle reads `updatedText`.
    var onUpdatedChanged: (() -> Void)?
    /// When the last fetch that worked was, read from the store after each round.
    private(set) var lastGoodFetch: Date?
    /// "Updating…" or "Updated 5 minutes ago" (nil before any fetch worked), as of `now`.
    func updatedText(now: Date) -> String? {
        SubscriptionStatus.todayText(lastGood: lastGoodFetch, refreshing: updates?.isRefreshing == true, now: now)
    }

    /// Called when a reload has shown what the store holds (tests wait on it).
    var onShown: (() -> Void)?

    /// Articles' pictures from the network, in the disk cache (docs/feeds.md, "Pictures from the network").
    let pictures: RemotePictures?

    init(databaseURL: URL?, pictures: RemotePictures? = nil) {
        self.pictures = pictures
        guard let databaseURL else {
            store = nil
            updates = nil
            openingProblem = nil
            return
        }
        let opened = FeedStore.open(at: databaseURL)
        store = opened.store
        updates = opened.store.map(FeedUpdates.init(store:))
        openingProblem = opened.message
        updates?.onChanged = { [weak self] in self?.scheduleReload() }
        lastGoodFetch = (try? opened.store?.lastSuccessfulFetch()) ?? nil
        updates?.onRoundStarted = { [weak self] in self?.onUpdatedChanged?() }
        updates?.onRoundFinished = { [weak self] in
            guard let self else { return }
            self.lastGoodFetch = (try? self.store?.lastSuccessfulFetch()) ?? nil
            self.onUpdatedChanged?()
        }
        updates?.onConnectivity = { [weak self] offline, last in
            let updated = last.map { "updated " + SubscriptionStatus.ago($0, now: Date()) } ?? "not updated yet"
            self?.today?.reportStatus(offline ? "Offline · \(updated)" : nil)
        }
    }

    /// Where the window's subscriptions live: `--feeds-database`, else the data folder's feeds.sqlite;
    /// none in a private window (it writes nothing).
    static func databaseURL(options: Options) -> URL? {
        if let path = options.feedsDatabase { return URL(fileURLWithPath: path) }
        guard !options.isPrivate else { return nil }
        return DataLocations().dataDirectory.appendingPathComponent(FeedStore.databaseName)
    }

    /// The pictures' cache: `--picture-cache`, else `$XDG_CACHE_HOME/skiff/pictures`; none in a private
    /// window (it writes nothing to disk), whose cards keep their designed look.
    static func pictures(options: Options) -> RemotePictures? {
        let folder: URL
        if let path = options.pictureCache {
            folder = URL(fileURLWithPath: path)
        } else if !options.isPrivate {
            folder = RemotePictures.userCacheFolder()
        } else {
            return nil
        }
        var limits = RemotePictureLimits.standard
        if let limit = options.pictureCacheLimit { limits.cacheBytes = limit }
        // One per folder while a window uses it: every window's Today shares its index, its limit and its fetches.
        if let shared = sharedPictures[folder.path]?.pictures, shared.limits == limits { return shared }
        let pictures = RemotePictures(folder: folder, limits: limits) { address in SHA256.hex(Array(address.utf8)) }
        sharedPictures[folder.path] = WeakPictures(pictures: pictures)
        return pictures
    }

    private struct WeakPictures { weak var pictures: RemotePictures? }
    private static var sharedPictures: [String: WeakPictures] = [:]

    func attach(_ today: TodayView) {
        self.today = today
        today.remotePictures = pictures
        if let store, let pictures {
            pictures.findInPage = { lookup, head, page in
                switch lookup {
                case .sharedPicture: FeedDiscovery.sharedPicture(inHTML: head, pageURL: page)
                case .siteIcon: FeedDiscovery.iconLink(inHTML: head, pageURL: page)
                }
            }
            pictures.onFoundInPage = { [weak self] lookup, page, picture in
                let feeds = lookup == .siteIcon ? self?.feedsBySite[page.absoluteString] ?? [] : []
                DispatchQueue.global(qos: .utility).async {
                    do {
                        switch lookup {
                        case .sharedPicture: try store.setPagePicture(picture, forPage: page, now: Date())
                        case .siteIcon: if let picture { for feed in feeds { try store.setIconIfNone(picture, for: feed) } }
                        }
                    } catch {
                        DispatchQueue.main.async { MainActor.assumeIsolated { self?.logger.warning("what a page names was not saved: \(error)") } }
                    }
                }
            }
        }
        if let store {
            let texts = StoryTexts(store: store, fetch: ReaderFetch())
            today.host.storyBody = { id in await texts.body(cardID: id) }
            today.host.readerView = { id in await texts.readerView(cardID: id) }
            today.searchArticles = { text in Self.search(text, store: store) }
        }
        today.host.onStoryOpened = { [weak self] id in self?.markRead(cardID: id) }
        today.host.setArticleState = { [weak self] id, state, on in self?.set(state, on, cardID: id) ?? false }
        today.host.onAddFeed = { [weak self] in self?.onAddFeed?() }
        today.host.onRefresh = { [weak self] in self?.updates?.refresh(all: true) }
        if let openingProblem { today.reportProblems([openingProblem]) }
        reload()
        // Refresh what is due once Today has drawn its first frame, never before it.
        let ticker = FrameTicker(widget: today.root)
        startTicker = ticker
        ticker.start { [weak self] _ in
            MainLoop.idle { [weak self] in
                self?.updates?.refresh(all: false)
                self?.startTicker = nil
            }
            return false
        }
    }

    /// Reads the store again soon, once for a burst of fetches finishing, and not under an open
    /// story (a new feed would close it).
    private func scheduleReload() {
        guard !reloadScheduled else { return }
        reloadScheduled = true
        MainLoop.after(milliseconds: 300) { [weak self] in
            guard let self else { return }
            self.reloadScheduled = false
            if self.today?.isStoryShown == true { self.scheduleReload() } else { self.reload() }
        }
    }

    /// Reads the subscriptions' articles and shows them as cards; with no subscriptions the sample
    /// (with its "Add your feeds" card) stays.
    func reload() {
        guard let store else { return }
        generation += 1
        let generation = self.generation, selection = self.selection
        DispatchQueue.global(qos: .userInitiated).async {
            // The cards are made here too: for 2,000 articles that is about 10 ms the main thread
            // would otherwise take from a frame, on every reload of a refresh (BENCHMARKS.md, today-refresh).
            let read = Result { try Self.read(store, selection: selection) }.map { read -> Read in
                (read.feeds, read.articles, read.unread, read.starred, read.unreadByFeed, read.shown,
                 read.articles.isEmpty ? nil : ArticleCards.feed(from: Self.cards(read.articles, feeds: read.feeds), now: Date()))
            }
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self.show(read, generation: generation) }
            }
        }
    }

    /// The selection's articles; a feed or folder that is gone (removed, its folder emptied) shows All.
    private nonisolated static func read(_ store: FeedStore, selection: ArticleSelection) throws
        -> (feeds: [StoredFeed], articles: [StoredArticle], unread: Int, starred: Int, unreadByFeed: [FeedID: Int], shown: ArticleSelection) {
        let feeds = try store.feeds()
        guard !feeds.isEmpty else { return ([], [], 0, 0, [:], selection) }
        let shown = selection.exists(in: feeds) ? selection : .all
        let unreadByFeed = try store.unreadCounts()
        return (feeds, try store.articles(in: shown, limit: maximumCards), unreadByFeed.values.reduce(0, +), try store.starredCount(),
                unreadByFeed, shown)
    }

    /// What a reload read, with the articles as cards (nil: there are none).
    fileprivate typealias Read = (feeds: [StoredFeed], articles: [StoredArticle], unread: Int, starred: Int,
                                  unreadByFeed: [FeedID: Int], shown: ArticleSelection, cards: Feed?)

    private func show(_ read: Result<Read, Error>, generation: Int) {
        guard generation == self.generation, let today else { return }
        switch read {
        case .failure(let error):
            logger.error("feeds can't be read: \(error)")
            today.reportProblems(["Your feeds can’t be read: \(error.localizedDescription)"])
        case .success(let read):
            hasSubscriptions = !read.feeds.isEmpty
            listed = (read.feeds, read.unreadByFeed)
            if read.shown != selection { selection = read.shown }
            starredCount = read.starred
            unreadCount = read.unread
            tellChoices()
            guard hasSubscriptions else {
                // The last subscription went: the sample, with its invitation, again.
                today.restoreFileFeed()
                onShown?()
                return
            }
            feedsBySite = Dictionary(grouping: read.feeds.filter { $0.iconURL == nil }, by: { Self.site(of: $0).absoluteString }).mapValues { $0.map(\.id) }
            self.keys = Dictionary(read.articles.map { (String($0.id), $0.key) }, uniquingKeysWith: { first, _ in first })
            today.replaceFeed(read.cards ?? emptyCards(feedCount: read.feeds.count))
            let failing = updates?.isOffline == true ? []
                : read.feeds.compactMap { feed in feed.lastError.map { "\(feed.displayTitle): \($0)" } }
            // What the last parse of each feed skipped or repaired: "Harbour Notes, line 12: …".
            let parseProblems = read.feeds.flatMap { feed in feed.problems.map { "\(feed.displayTitle), \($0.description)" } }
            if !failing.isEmpty || !parseProblems.isEmpty { today.reportProblems(failing + parseProblems) }
            onShown?()
        }
    }

    /// What an empty selection says on its one card.
    private func emptyCards(feedCount: Int) -> Feed {
        switch selection {
        case .view(.all):
            ArticleCards.noArticlesYet(feedCount: feedCount, offline: updates?.isOffline == true, now: Date())
        case .view(let view):
            ArticleCards.emptyView(title: view.emptyTitle, subtitle: view.emptySubtitle, now: Date())
        case .feed, .folder:
            ArticleCards.emptyView(title: "No articles yet", subtitle: "Nothing has come from here yet. F5 reads the feeds again.", now: Date())
        }
    }

    /// The choices with their counts as of now (each article read or starred changes them).
    private func tellChoices() {
        guard hasSubscriptions else { return onChoices?([]) ?? () }
        onChoices?(ArticleSelectionChoice.list(feeds: listed.feeds, unreadByFeed: listed.unreadByFeed,
                                               unread: unreadCount, starred: starredCount))
    }

    /// Stored articles as cards' input; a card's id is the article's row id.
    private nonisolated static func cards(_ articles: [StoredArticle], feeds: [StoredFeed]) -> [ArticleCardInput] {
        let titles = Dictionary(feeds.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return articles.map { article in
            let feed = titles[article.feedID]
            return ArticleCardInput(identity: String(article.id), feedTitle: feed?.displayTitle ?? "", feedIconURL: feed.flatMap { URL(string: Self.icon(of: $0)) },
                                    title: article.title.isEmpty ? "Untitled" : article.title, summary: article.summary,
                                    imageURL: Self.picture(of: article), published: article.date, unread: !article.isRead,
                                    starred: article.isStarred, link: article.link,
                                    media: article.media.map { CardMedia(kind: $0.kind == .audio ? .audio : .video, url: $0.url, mimeType: $0.mimeType, duration: $0.duration) })
        }
    }

    /// The card's picture: the feed's, else the one its page names (`og:image`) if it was looked up, else
    /// the page to look it up in when the card shows (docs/feeds.md, "Pictures from the network").
    nonisolated static func picture(of article: StoredArticle) -> URL? {
        if let picture = article.imageURL { return picture }
        if article.pagePictureChecked != nil { return article.pagePictureURL }
        guard let link = article.link, link.scheme == "https" || link.scheme == "http" else { return nil }
        return URL(string: RemotePictures.key(.sharedPicture, for: link))
    }

    /// The feed's icon: its own (Atom icon, RSS image, JSON Feed icon/favicon), else the one its site's page
    /// names, else the site's /favicon.ico (looked up when shown; docs/feeds.md "Pictures from the network").
    nonisolated static func icon(of feed: StoredFeed) -> String {
        feed.iconURL?.absoluteString ?? RemotePictures.key(.siteIcon, for: site(of: feed))
    }

    /// The feed's site: its `<link>`, else the root of its own address.
    nonisolated static func site(of feed: StoredFeed) -> URL {
        if let site = feed.siteURL { return site }
        return URL(string: "/", relativeTo: feed.url)?.absoluteURL ?? feed.url
    }

    /// Ctrl+F: the articles whose title or text has every typed word (FTS5, best first), as cards'
    /// input. Off the main thread. A store that fails finds nothing (and says so in the log).
    private nonisolated static func search(_ text: String, store: FeedStore) -> [ArticleCardInput] {
        do {
            let found = try store.search(text, limit: maximumSearchResults)
            return found.isEmpty ? [] : cards(found, feeds: try store.feeds())
        } catch {
            Logger(label: "skiff.today.feeds").error("search for \(text.count) characters failed: \(error)")
            return []
        }
    }

    /// Results shown at most for one search (docs/feeds.md, "Search"): the best 200.
    nonisolated static let maximumSearchResults = 200

    /// The article a card shows. A search result may be older than the cards read: its key comes from the store.
    private func key(of cardID: String) -> ArticleKey? {
        keys[cardID] ?? Int64(cardID).flatMap { try? store?.article($0)?.key }
    }

    /// `m` or `s` on an article: its state recorded in the store, the counts told. The card stays
    /// where it is until the feed is read again (an article marked read does not vanish from under
    /// the reader in the Unread view).
    private func set(_ state: TodayView.ArticleState, _ on: Bool, cardID: String) -> Bool {
        guard let store, let key = key(of: cardID) else { return false }
        do {
            switch state {
            case .read:
                try store.setRead(on, key, now: Date())
                listed.unreadByFeed[key.feedID] = max(0, (listed.unreadByFeed[key.feedID] ?? 0) + (on ? -1 : 1))
                unreadCount = max(0, unreadCount + (on ? -1 : 1))
            case .starred:
                try store.setStarred(on, key, now: Date())
                starredCount = max(0, starredCount + (on ? 1 : -1))
                onCounts?(unreadCount, starredCount)
            }
            tellChoices()
            return true
        } catch {
            today?.reportProblems(["That article couldn’t be changed: \(error.localizedDescription)"])
            return false
        }
    }

    private func markRead(cardID: String) {
        guard let store, let key = key(of: cardID) else { return }
        do {
            // Opening a story marks it read once: its count goes down only if it was unread.
            let wasUnread = try store.isUnread(key)
            try store.setRead(true, key, now: Date())
            if wasUnread {
                listed.unreadByFeed[key.feedID] = max(0, (listed.unreadByFeed[key.feedID] ?? 0) - 1)
                unreadCount = max(0, unreadCount - 1)
                tellChoices()
            }
        } catch {
            today?.reportProblems(["That article couldn’t be marked as read: \(error.localizedDescription)"])
        }
    }

    /// "Mark All as Read": every article of every subscription, then the cards again.
    /// "Mark All as Read", with an Undo that marks the same articles unread again.
    func markAllRead() {
        guard let store else { return }
        do {
            let keys = try store.unreadKeys()
            _ = try store.markAllRead(now: Date())
            if !keys.isEmpty {
                let text = keys.count == 1 ? "1 article marked as read" : "\(keys.count) articles marked as read"
                today?.showUndo(text) { [weak self] in self?.markUnread(keys) }
            }
        } catch {
            today?.reportProblems(["Your articles couldn’t be marked as read: \(error.localizedDescription)"])
        }
        reload()
    }

    /// Undo of "Mark All as Read": the articles it changed are unread again.
    private func markUnread(_ keys: [ArticleKey]) {
        guard let store else { return }
        do {
            try store.setRead(false, keys: keys, now: Date())
        } catch {
            today?.reportProblems(["Your articles couldn’t be marked as unread again: \(error.localizedDescription)"])
        }
        reload()
    }
}
