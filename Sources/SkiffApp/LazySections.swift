import FeedStore
import Gtk
import Home
import HomeModel
import Stars
import Today

/// Today, Home and Stars, each made the first time it is shown or asked for. Until then the stack
/// holds an empty slot for it, so the switcher lists all four while start-up pays for the browser
/// alone (building Home and Stars took 15–30 ms before the first frame; see docs/performance.md).
@MainActor
final class LazySections {
    private let options: Options
    private weak var settings: SkiffSettings?
    private let standIns: StandIns
    private var slots: [Section: Box] = [:]
    private var builtToday: TodayView?
    private var builtHome: HomeView?
    private var builtStars: StarsView?
    /// Connects Today to the window when it is made (its links open in the Browser).
    var connectToday: ((TodayView) -> Void)?
    /// Today's view if it has been made (it is made the first time it is shown).
    var builtTodayView: TodayView? { builtToday }
    /// Today's subscriptions, made with Today.
    private(set) var todayFeeds: TodayFeeds?
    /// "Add your feeds" chosen in Today.
    var onAddFeed: (() -> Void)?
    /// Today's unread articles changed in number.
    var onUnreadCount: ((Int) -> Void)?
    /// Today's unread and starred counts, after each reload and change (the view chooser).
    var onTodayCounts: ((_ unread: Int, _ starred: Int) -> Void)?
    /// Today's views with their counts (the sidebar, the header's menu), after each reload and change.
    var onTodayChoices: (([ArticleSelectionChoice]) -> Void)?
    /// Today's "Updated …" line changed.
    var onTodayUpdated: (() -> Void)?

    init(options: Options, settings: SkiffSettings?, standIns: StandIns) {
        self.options = options
        self.settings = settings
        self.standIns = standIns
    }

    /// The stack page for `section`: the section's root goes in when it is built.
    func slot(_ section: Section) -> Box {
        if let slot = slots[section] { return slot }
        let slot = Box(.vertical)
        slot.hexpand = true
        slot.vexpand = true
        slots[section] = slot
        return slot
    }

    /// Makes the section on screen if it is not made yet.
    func build(_ section: Section) {
        switch section {
        case .browser: break
        case .today: _ = today
        case .home: _ = home
        case .stars: _ = stars
        }
    }

    var today: TodayView {
        made(&builtToday, in: .today, root: \.root) {
            // A feed file or generated cards asked for on the command line are shown as they are;
            // the sample invites to subscribe where subscriptions can be kept (not in a private window).
            let sample = options.feed == nil && standIns.todayFeed == nil
            let feeds = sample ? TodayFeeds(databaseURL: TodayFeeds.databaseURL(options: options), pictures: TodayFeeds.pictures(options: options)) : nil
            let view = TodayView(source: standIns.todayFeed ?? options.todayFeedSource, invitesSubscriptions: feeds?.store != nil)
            if let feeds {
                feeds.onAddFeed = { [weak self] in self?.onAddFeed?() }
                feeds.onUnreadCount = { [weak self] count in self?.onUnreadCount?(count) }
                feeds.onCounts = { [weak self] unread, starred in self?.onTodayCounts?(unread, starred) }
                feeds.onUpdatedChanged = { [weak self] in self?.onTodayUpdated?() }
                feeds.onChoices = { [weak self] choices in self?.onTodayChoices?(choices) }
                feeds.selection = settings?.todayView ?? .all
                feeds.attach(view)
                todayFeeds = feeds
            }
            connectToday?(view)
            return view
        }
    }

    var home: HomeView {
        made(&builtHome, in: .home, root: \.root) {
            let history = options.historySource, historySettings = options.historySettings
            let view = HomeView(source: HomeWiring.source, initialTab: settings?.homeTab ?? .home,
                                makeTabRoot: { tab, navigator in HomeWiring.makeTabRoot(tab, navigator) },
                                makeHistory: { HomeWiring.makeHistory(source: history, settings: historySettings) })
            view.onTabChanged = { [weak settings] tab in settings?.homeTab = tab }
            return view
        }
    }

    var stars: StarsView {
        made(&builtStars, in: .stars, root: \.root) { StarsView(skyFile: Resources.starsData) }
    }

    /// The section already made, or a new one put into its slot.
    private func made<View>(_ built: inout View?, in section: Section, root: (View) -> Widget, make: () -> View) -> View {
        if let built { return built }
        let view = make()
        slot(section).append(root(view))
        built = view
        return view
    }
}
