import FeedStore
import Foundation
import Gtk
import Today
import TodayModel

/// Today's subscriptions from the window: the Add Feed dialog, Mark All as Read, OPML import and
/// export, and the command line's --subscribe and --import-opml.
extension MainWindow {
    /// Today's commands, in the window's list (menu, keys, Keyboard Shortcuts).
    var todayCommands: [KeyboardCommand] {
        [
            KeyboardCommand("add-feed", "Add a feed to Today", []) { [weak self] in self?.showAddFeed() },
            KeyboardCommand("mark-all-read", "Mark all articles as read", []) { [weak self] in self?.markAllArticlesRead() },
            KeyboardCommand("subscriptions", "Today's subscriptions", []) { [weak self] in self?.showSubscriptions() },
            KeyboardCommand("import-subscriptions", "Import subscriptions from an OPML file", []) { [weak self] in self?.importSubscriptions() },
            KeyboardCommand("export-subscriptions", "Export the subscriptions as OPML", []) { [weak self] in self?.exportSubscriptions() },
            // Enabled while the Browser's page names a feed (`installPageFeeds`).
            KeyboardCommand("subscribe-in-today", "Subscribe in Today to the page’s feed", []) { [weak self] in
                self?.subscribeToPageFeed()
            },
            // Enabled only while Today is shown (`sectionChanged`): in the Browser the same keys find in the page.
            KeyboardCommand("today-search", "Search Today’s articles (Escape closes)", ["<Control>f"]) { [weak self] in
                self?.today.openSearch()
            },
            // A window action, so the keys work wherever the focus is in a window showing Today (after
            // launch, on the header, on Today's background), not only on a card. Enabled only while
            // Today is shown (`sectionChanged`): in the Browser the same keys reload the page.
            KeyboardCommand("today-refresh", "Refresh Today’s feeds", ["F5", "<Control>r"]) { [weak self] in
                self?.today.refresh()
            },
        ]
    }

    /// The views — All, Unread, Starred, each subscription and folder — in the sidebar beside the grid
    /// on wide windows, and in the chooser's menu beside Refresh otherwise: one window action
    /// (`win.today-view`, its target the choice's `ArticleSelection.rawValue`), whose choice is Today's
    /// view and the next start's.
    func installViewChooser(header: HeaderBar) {
        let chosen = settings?.todayView ?? .all
        viewChoice.state = chosen.rawValue
        viewChoice.onActivate { [weak self] target in self?.chooseView(target) }
        actions.add(viewChoice)
        showViewChoices(ArticleSelectionChoice.list(feeds: [], unreadByFeed: [:], unread: 0, starred: 0))
        viewChooser.isVisible = false
        header.packEnd(viewChooser)
        sections.onTodayChoices = { [weak self] choices in
            self?.showViewChoices(choices)
            self?.showViewChooser()
        }
    }

    /// Today's sidebar chooses as the chooser's menu does; while it is on screen the chooser is not.
    func connectSidebar(of today: TodayView) {
        today.host.onChooseSidebarEntry = { [weak self] index in
            guard let self, self.viewChoices.indices.contains(index) else { return }
            self.chooseView(self.viewChoices[index].selection.rawValue)
        }
        today.host.onSidebarShown = { [weak self] _ in self?.showViewChooser() }
    }

    /// The view named `target` chosen: Today shows it, the sidebar and the chooser say it, the next
    /// start has it. A target that names nothing (an old menu) is ignored.
    private func chooseView(_ target: String) {
        guard let selection = ArticleSelection(rawValue: target) else { return }
        viewChoice.state = target
        sections.todayFeeds?.selection = selection
        settings?.todayView = selection
        nameViewChooser()
        showSidebarChoices()
    }

    /// The chooser's menu: the three views as radio items (with their counts), then the subscriptions
    /// and their folders in a section of their own; and the sidebar's rows.
    private func showViewChoices(_ choices: [ArticleSelectionChoice]) {
        viewChoices = choices
        // The view shown may have fallen back to All (its feed removed): the radio item follows.
        if let shown = sections.todayFeeds?.selection.rawValue, shown != viewChoice.state { viewChoice.state = shown }
        let menu = MenuModel()
        let sources = MenuModel()
        for choice in choices {
            let action = StringAction.detailed("win.today-view", target: choice.selection.rawValue)
            let label = choice.level > 0 ? "    " + choice.label : choice.label
            if case .view = choice.selection { menu.append(choice.label, action: action) } else { sources.append(label, action: action) }
        }
        if choices.count > ArticleView.allCases.count { menu.appendSection(sources) }
        viewChooser.setMenu(menu)
        nameViewChooser()
        showSidebarChoices()
    }

    /// The sidebar lists the same choices, the one shown selected.
    private func showSidebarChoices() {
        guard let today = sections.builtTodayView else { return }
        // The sample's cards are no articles: no list of views beside them.
        let entries = sections.todayFeeds?.hasSubscriptions == true
            ? viewChoices.map { choice in
                SidebarEntry(title: choice.title, count: choice.count, level: choice.level, iconName: Self.iconName(of: choice.selection))
            }
            : []
        today.showSidebar(entries, selected: viewChoices.firstIndex { $0.selection.rawValue == viewChoice.state })
    }

    private static func iconName(of selection: ArticleSelection) -> String {
        switch selection {
        case .view(let view): view.iconName
        case .feed: "application-rss+xml-symbolic"
        case .folder: "folder-symbolic"
        }
    }

    /// The chooser's icon is the view's, and its name says it.
    private func nameViewChooser() {
        let shown = viewChoices.first { $0.selection.rawValue == viewChoice.state }
        let selection = ArticleSelection(rawValue: viewChoice.state) ?? .all
        let title = shown?.title ?? (ArticleSelection.all == selection ? ArticleView.all.title : "")
        viewChooser.setIconName(Self.iconName(of: selection))
        viewChooser.setAccessibleLabel("Articles to Show: \(title)")
        viewChooser.tooltip = "Articles to Show: \(title)"
    }

    /// Shown on Today once it holds subscriptions (the sample's cards are no articles to sort), while
    /// the sidebar, which offers the same, is not on screen.
    func showViewChooser() {
        viewChooser.isVisible = visibleSection == .today && sections.todayFeeds?.hasSubscriptions == true
            && sections.builtTodayView?.isSidebarShown != true
    }

    /// Whether Today's feeds are being fetched now (F5's round, the start's, the timer's).
    public var isRefreshingFeeds: Bool { sections.todayFeeds?.updates?.isRefreshing ?? false }

    /// "Subscribe in Today" follows what the Browser's page advertises.
    func installPageFeeds() {
        actions["subscribe-in-today"]?.isEnabled = false
        pageFeeds.onChange = { [weak self] feed in self?.actions["subscribe-in-today"]?.isEnabled = feed != nil }
    }

    /// "Subscribe in Today": the page's feed subscribed to, and Today shown with it.
    func subscribeToPageFeed() {
        guard let feed = pageFeeds.feed else { return }
        stack.visibleChildName = Section.today.rawValue
        subscribe(fromCommandLine: feed.url.absoluteString)
    }

    /// "Add Feed…": Today shown, and the dialog asking for an address.
    func showAddFeed() {
        stack.visibleChildName = Section.today.rawValue
        guard let updates = sections.todayFeeds?.updates else {
            today.reportProblems([isPrivateWindow ? "A private window keeps no subscriptions." : "Subscriptions can’t be saved: the feeds database is unavailable."])
            return
        }
        if let addFeedDialog {
            addFeedDialog.present()
            return
        }
        let dialog = AddFeedDialog(transientFor: window)
        dialog.onAdd = { [weak self] typed, done in
            updates.subscribe(typed) { result in
                switch result {
                case .success: done(nil)
                case .failure(let error): done(error.description)
                }
                if case .success = result { self?.stack.visibleChildName = Section.today.rawValue }
            }
        }
        dialog.window.onCloseRequest { [weak self] in
            self?.addFeedDialog = nil
            return false
        }
        addFeedDialog = dialog
        dialog.present()
    }

    /// "Subscriptions": each feed with its last update and error; rename, remove.
    func showSubscriptions() {
        stack.visibleChildName = Section.today.rawValue
        guard let feeds = sections.todayFeeds, let store = feeds.store else {
            today.reportProblems([isPrivateWindow ? "A private window keeps no subscriptions." : "Subscriptions can’t be shown: the feeds database is unavailable."])
            return
        }
        if let subscriptionsWindow {
            subscriptionsWindow.reload()
            subscriptionsWindow.present()
            return
        }
        let view = SubscriptionsWindow(store: store, pictures: feeds.pictures, transientFor: window)
        view.onChanged = { [weak feeds] in feeds?.reload() }
        view.onExport = { [weak view] in
            guard let view else { return }
            // Over the Subscriptions window, and a failure told there, where the user is.
            SubscriptionsOPML.export(store: store, transientFor: view.window) { [weak view] problem in view?.showProblem(problem) }
        }
        view.onImport = { [weak view, weak feeds] in
            guard let view, let updates = feeds?.updates else { return }
            // Told in the Subscriptions window, which lists the new feeds at once.
            SubscriptionsOPML.importFile(into: updates, transientFor: view.window,
                                         told: { [weak view] problem in view?.showProblem(problem) },
                                         added: { [weak view] _ in view?.reload() })
        }
        view.window.onCloseRequest { [weak self] in
            self?.subscriptionsWindow = nil
            return false
        }
        subscriptionsWindow = view
        view.present()
    }

    /// "Export Subscriptions…": the save dialog, then the OPML file; a failed write goes to Today's problems bar.
    func exportSubscriptions() {
        // Today shown, as Subscriptions does: that makes it (and opens its store) the first time.
        stack.visibleChildName = Section.today.rawValue
        guard let store = sections.todayFeeds?.store else {
            today.reportProblems([isPrivateWindow ? "A private window keeps no subscriptions." : "Subscriptions can’t be exported: the feeds database is unavailable."])
            return
        }
        SubscriptionsOPML.export(store: store, transientFor: window) { [weak self] problem in self?.reportInToday(problem) }
    }

    /// "Import Subscriptions…": the open dialog, then the OPML file's feeds subscribed to (as
    /// `--import-opml` does); a file that can't be read, or holds nothing new, is told in Today's problems bar.
    func importSubscriptions() {
        stack.visibleChildName = Section.today.rawValue
        guard let updates = sections.todayFeeds?.updates else {
            today.reportProblems([isPrivateWindow ? "A private window keeps no subscriptions." : "Subscriptions can’t be imported: the feeds database is unavailable."])
            return
        }
        SubscriptionsOPML.importFile(into: updates, transientFor: window, told: { [weak self] problem in self?.reportInToday(problem) },
                                     added: { [weak self] _ in self?.subscriptionsWindow?.reload() })
    }

    private func reportInToday(_ problem: String) {
        stack.visibleChildName = Section.today.rawValue
        today.reportProblems([problem])
    }

    /// "Today · 12" on the section switcher while articles are unread, "Today" when none is.
    func showUnreadCount(_ count: Int) {
        let title = count > 0 ? "\(Section.today.title) · \(count)" : Section.today.title
        stack.setTitle(title, ofChildNamed: Section.today.rawValue)
    }

    func markAllArticlesRead() {
        stack.visibleChildName = Section.today.rawValue
        sections.todayFeeds?.markAllRead()
    }

    private var isPrivateWindow: Bool { browser.isPrivate }

    /// `skiff --subscribe URL`: subscribed, and Today shows it; what went wrong goes to its problems bar.
    func subscribe(fromCommandLine address: String) {
        guard let updates = sections.todayFeeds?.updates else {
            today.reportProblems(["\(address) can’t be subscribed to: this window keeps no subscriptions."])
            return
        }
        updates.subscribe(address) { [weak self] result in
            if case .failure(let error) = result { self?.today.reportProblems(["\(address): \(error.description)"]) }
        }
    }

    /// `skiff --import-opml FILE`: its feeds subscribed to (titles and folders kept), Today shown.
    func importOPML(fromCommandLine path: String) {
        guard let updates = sections.todayFeeds?.updates else {
            today.reportProblems(["\(path) can’t be imported: this window keeps no subscriptions."])
            return
        }
        switch updates.importOPML(URL(fileURLWithPath: path)) {
        case .failure(let error): today.reportProblems([error.description])
        case .success(let imported) where !imported.notices.isEmpty: today.reportProblems(imported.notices)
        case .success: break
        }
    }
}
