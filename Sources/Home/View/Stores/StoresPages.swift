import Foundation
import Gtk
import HomeModel

/// The Stores tab's root: a search field that filters as you type, and a row per store saying
/// whether it is open now on its own clock.
@MainActor
final class StoresTabRoot: HomeTabRoot {
    /// Statuses are recomputed this often, so "closes 9 PM" turns into "Opens 7 AM tomorrow" on time.
    static let refreshInterval: UInt32 = 30_000

    let title = "Stores"
    private let container = Box(.vertical)
    private let storesURL: URL
    private weak var navigator: (any HomeNavigator)?
    private var stores: [Store] = []
    private(set) var rows: [(store: Store, button: Button, status: Label)] = []
    let search = Entry()
    let countLabel = TabWidgets.label("", classes: ["dim-label"])
    private(set) var failureMessage: String?
    /// The note above the list naming entries left out and warnings, if the file had any.
    private(set) var problemsNote: Label?
    private var shown: Widget?
    private let reader = TabDataReader<[Store]>()
    /// Kept: the page's layout closures hold it weakly.
    private var page: ScrollingPage?
    /// The instant statuses are computed for; tests set it, the app uses the system clock.
    var now: @MainActor () -> Date = { Date() }

    var root: Widget { container }

    init(dataDirectory: URL, navigator: any HomeNavigator) {
        storesURL = dataDirectory.appendingPathComponent("stores.json")
        self.navigator = navigator
        container.hexpand = true
        container.vexpand = true
        search.placeholder = "Search by name, city or postcode"
        search.setAccessibleLabel("Search stores")
        search.setPrimaryIcon("system-search-symbolic")
        search.maxLength = StoreSearch.maximumQueryLength
        search.onChanged { [weak self] in self?.filter() }
        search.onActivate { [weak self] in self?.openFirstMatch() }
        let keys = EventControllerKey()
        keys.onPressed { [weak self] keyval, _ in
            // Down from the field goes to the first store shown.
            guard keyval == 0xFF54, let self, let first = self.rows.first(where: { $0.button.isVisible }) else { return false }
            return first.button.grabFocus()
        }
        search.addController(keys)
        load()
        scheduleRefresh()
    }

    private func load() {
        if let shown { container.remove(shown) }
        shown = nil
        rows = []
        failureMessage = nil
        let loading = ScrollingPage(name: "Stores")
        page = loading
        loading.append(TabWidgets.label("Stores", classes: ["title-1"]))
        loading.append(TabWidgets.loading("Reading the store list…"))
        container.append(loading.root)
        shown = loading.root
        let url = storesURL
        reader.read({ StoreLoader.load(url) }) { [weak self] result in self?.show(result) }
    }

    var isLoaded: Bool { !reader.isReading }

    private func show(_ result: TabDataLoad<[Store]>) {
        defer { openPendingRoute() }
        if let shown { container.remove(shown) }
        shown = nil
        let page = ScrollingPage(name: "Stores")
        self.page = page
        page.append(TabWidgets.label("Stores", classes: ["title-1"]))
        guard let stores = result.value else {
            if let fatal = result.fatalProblem {
                failureMessage = TabWidgets.problemText(fatal)
                page.append(TabWidgets.failure(fatal, what: "store list") { [weak self] in self?.load() }.box)
            }
            container.append(page.root)
            shown = page.root
            return
        }
        self.stores = stores
        problemsNote = TabWidgets.problemsNote(result.problems)
        if let problemsNote { page.append(problemsNote) }
        page.append(search)
        page.append(countLabel)
        let list = Box(.vertical, spacing: 4)
        list.addCSSClass("home-list")
        for store in stores {
            let row = TabWidgets.row(title: store.name, subtitle: "\(store.address.street), \(store.address.cityLine)",
                                     trailing: "", picture: nil)
            guard let status = row.trailing else { continue }
            status.wraps = true
            status.maxWidthChars = 18
            status.setXAlign(1)
            row.button.onClicked { [weak self] in self?.openStore(store) }
            list.append(row.button)
            rows.append((store, row.button, status))
        }
        page.append(list)
        container.append(page.root)
        shown = page.root
        refreshStatuses()
        filter()
    }

    private var refreshTimer: RepeatingTimer?

    private func scheduleRefresh() {
        refreshTimer = RepeatingTimer(milliseconds: Self.refreshInterval) { [weak self] in self?.refreshStatuses() }
    }

    /// Recomputes every row's status off the main thread (a long list takes a while: every store's
    /// week is turned into instants in its own zone), then shows them all at once.
    func refreshStatuses() {
        let instant = now()
        let stores = rows.map(\.store)
        statusGeneration += 1
        let mine = statusGeneration
        Task { @MainActor [weak self] in
            let statuses = await Task.detached(priority: .utility) {
                stores.map { store in
                    let clock = store.clock
                    return (label: clock.label(at: instant), isOpen: clock.status(at: instant).isOpen)
                }
            }.value
            guard let self, mine == self.statusGeneration, statuses.count == self.rows.count else { return }
            self.apply(statuses)
        }
    }

    private var statusGeneration = 0
    /// Bumped each time statuses are shown (tests wait for it).
    private(set) var statusUpdates = 0

    private func apply(_ statuses: [(label: String, isOpen: Bool)]) {
        statusUpdates += 1
        for (row, status) in zip(rows, statuses) {
            let label = status.label
            row.status.text = label
            if status.isOpen {
                row.status.addCSSClass("home-open")
                row.status.removeCSSClass("home-closed")
            } else {
                row.status.addCSSClass("home-closed")
                row.status.removeCSSClass("home-open")
            }
            row.button.setAccessibleLabel("\(row.store.name), \(row.store.address.street), \(row.store.address.cityLine), \(label)")
        }
    }

    private func filter() {
        let matches = Set(StoreSearch.filter(stores, query: search.text).map(\.id))
        for row in rows { row.button.isVisible = matches.contains(row.store.id) }
        let query = search.text.trimmingCharacters(in: .whitespaces)
        if query.isEmpty {
            countLabel.text = "\(stores.count) stores"
        } else if matches.isEmpty {
            countLabel.text = "No stores match “\(query)”"
        } else {
            countLabel.text = "\(matches.count) of \(stores.count) stores"
        }
    }

    /// The names of the stores the list shows now, top to bottom.
    var visibleStoreNames: [String] { rows.filter { $0.button.isVisible }.map(\.store.name) }

    private func openFirstMatch() {
        if let first = rows.first(where: { $0.button.isVisible }) { openStore(first.store) }
    }

    func openStore(_ store: Store) {
        navigator?.push(StoreDetailPage(store: store, now: now()), on: .stores)
    }

    /// A route asked for while the file is still being read; opened once it is shown.
    private var pendingRoute: HomeRoute?

    private func openPendingRoute() {
        guard let route = pendingRoute, let navigator else { return }
        pendingRoute = nil
        _ = open(route, navigator: navigator)
    }

    func open(_ route: HomeRoute, navigator: HomeNavigator) -> Bool {
        if reader.isReading {
            if route != .tab(.stores) { pendingRoute = route }
            return true
        }
        switch route {
        case .tab(.stores):
            return true
        case let .store(id):
            guard let store = stores.first(where: { $0.id == id }) else { return false }
            navigator.push(StoreDetailPage(store: store, now: now()), on: .stores)
            return true
        default:
            return false
        }
    }
}

/// One store: open now or when, its address and telephone, its week's hours with today marked.
@MainActor
final class StoreDetailPage: HomePage {
    let title: String
    private let page: ScrollingPage
    let statusLabel: Label
    private(set) var hourLabels: [Label] = []
    var root: Widget { page.root }

    init(store: Store, now: Date) {
        title = store.name
        page = ScrollingPage(name: store.name)
        let clock = store.clock
        page.append(TabWidgets.label(store.name, classes: ["title-1"]))
        statusLabel = TabWidgets.label(clock.label(at: now), classes: [clock.status(at: now).isOpen ? "home-open" : "home-closed", "title-4"])
        page.append(statusLabel)
        page.append(TabWidgets.label("Local time \(clock.localTime(at: now)) (\(store.timeZone.identifier.replacingOccurrences(of: "_", with: " ")))",
                                     classes: ["dim-label"]))

        page.append(TabWidgets.label("Address", classes: ["heading"]))
        let address = TabWidgets.label(store.address.lines.joined(separator: "\n"))
        page.append(address)
        if !store.phone.isEmpty {
            page.append(TabWidgets.label("Telephone", classes: ["heading"]))
            let phone = TabWidgets.label(store.phone)
            page.append(phone)
        }

        page.append(TabWidgets.label("Opening hours", classes: ["heading"]))
        let today = clock.weekday(at: now)
        let hours = Box(.vertical, spacing: 4)
        hours.addCSSClass("home-hours")
        for line in store.hours.lines {
            let row = Box(.horizontal, spacing: 12)
            let isToday = line.day == today
            let day = TabWidgets.label(isToday ? "\(line.day.name) (today)" : line.day.name, wraps: false)
            day.hexpand = true
            let text = TabWidgets.label(line.text, wraps: false)
            text.halign = .end
            if isToday {
                day.addCSSClass("heading")
                text.addCSSClass("heading")
            }
            row.append(day)
            row.append(text)
            row.setAccessibleLabel("\(line.day.name)\(isToday ? ", today" : ""): \(line.text)")
            hours.append(row)
            hourLabels.append(text)
        }
        page.append(hours)
    }
}
