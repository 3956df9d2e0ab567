import FeedStore
import Foundation
import Gtk
import Pictures
import Today
import TodayModel

/// Today's subscriptions, one row each, under their folder's name (`SubscriptionFolders`): the site's
/// icon, the name (edited in place: Enter renames, an empty name goes back to the feed's own title), when
/// it was last read and its last error, whether its stories show the full article from its page (Reader
/// View, docs/feeds.md), and Remove.
@MainActor
final class SubscriptionsWindow {
    let window = Window()
    private let store: FeedStore
    private let list = Box(.vertical, spacing: 0)
    private let empty = Label("No subscriptions yet. Add a feed with Add Feed… in the main menu.")
    /// A subscription was renamed or removed: Today shows it.
    var onChanged: (() -> Void)?
    /// "Export Subscriptions…" clicked (the window's own save dialog and messages are the main window's).
    var onExport: (() -> Void)?
    /// "Import Subscriptions…" clicked (the open dialog is the main window's; problems are told here).
    var onImport: (() -> Void)?
    /// The rows shown: feed, its name entry, its status line, its Reader View switch, its Remove button.
    private(set) var rows: [(feed: StoredFeed, row: Box, name: Entry, status: Label, reader: CheckButton, remove: Button)] = []
    /// Each row's "Pictures not shown" lines (hidden while it has none), by feed.
    private var pictureLines: [FeedID: Label] = [:]
    /// How many picture problems the lines were last made from.
    private var picturesListed = -1
    /// Each folder's name above its feeds.
    private var folderHeadings: [Label] = []
    static let readerViewLabel = "Show full articles (Reader View)"
    /// What went wrong with the last change, if anything.
    private let problem = Label()
    /// Where the icons come from (none in a private window: a placeholder icon then).
    private let pictures: RemotePictures?
    /// Each row's icon slot, by the icon's address, until its picture is shown.
    private var iconSlots: [(address: String, slot: Box, feed: String)] = []
    /// Icons decoded, by address (a row made again shows it at once).
    private var icons: [String: Texture] = [:]
    private var decoding: Set<String> = []
    static let iconSize = 32
    /// What an icon may cost to decode: tiny, whatever the site sends (docs/feeds.md).
    static let iconLimits = PictureDecoding.Limits(fileSize: 1_048_576, pixels: 1024 * 1024, side: 128, time: .seconds(2))

    init(store: FeedStore, pictures: RemotePictures? = nil, transientFor parent: Window) {
        self.store = store
        self.pictures = pictures
        window.title = "Subscriptions"
        window.setDefaultSize(width: 560, height: 480)
        window.setTransient(for: parent)
        let scroller = ScrolledWindow()
        scroller.setPolicy(horizontal: false, vertical: true)
        list.setMargins(top: 12, bottom: 12, start: 12, end: 12)
        empty.wraps = true
        empty.setMargins(top: 24, bottom: 24, start: 24, end: 24)
        let column = Box(.vertical, spacing: 0)
        problem.wraps = true
        problem.isVisible = false
        problem.setMargins(top: 12, bottom: 0, start: 16, end: 16)
        problem.addCSSClass("error")
        let files = Box(.horizontal, spacing: 8)
        files.halign = .end
        files.setMargins(top: 12, bottom: 0, start: 16, end: 16)
        let importing = Button(label: "Import Subscriptions…")
        importing.onClicked { [weak self] in self?.onImport?() }
        let export = Button(label: "Export Subscriptions…")
        export.onClicked { [weak self] in self?.onExport?() }
        files.append(importing)
        files.append(export)
        column.append(files)
        column.append(problem)
        column.append(empty)
        column.append(list)
        scroller.setChild(column)
        let page = Overlay()
        page.setChild(scroller)
        page.addOverlay(toast.root)
        window.setChild(page)
        window.closesOnEscape()
        pictures?.onChange { [weak self] in
            self?.showIcons()
            self?.showPictureProblems()
        }
        reload()
    }

    /// Puts in each row the icon that is ready, decoding (off the main thread) those just fetched.
    private func showIcons() {
        guard let pictures else { return }
        iconSlots.removeAll { entry in
            if let texture = icons[entry.address] {
                place(texture, in: entry.slot, feed: entry.feed)
                return true
            }
            guard !decoding.contains(entry.address) else { return false }
            switch pictures.state(for: entry.address, pinned: true) {
            case .ready(let path):
                decoding.insert(entry.address)
                let address = entry.address
                PictureLoader.load(path, limits: Self.iconLimits) { [weak self] result in
                    guard let self else { return }
                    if case .success(let image) = result, let texture = image.texture() { self.icons[address] = texture }
                    self.showIcons()
                }
                return false
            case .loading:
                return false
            case .failed:
                return true
            }
        }
    }

    private func place(_ texture: Texture, in slot: Box, feed: String) {
        slot.removeAll()
        let image = Image(texture: texture, pixelSize: Self.iconSize)
        image.setAccessibleLabel("Icon of \(feed)")
        slot.append(image)
    }

    func present() { window.present() }

    /// Lists the subscriptions again from the store.
    func reload() {
        for row in rows { list.remove(row.row) }
        for heading in folderHeadings { list.remove(heading) }
        rows = []
        pictureLines = [:]
        folderHeadings = []
        iconSlots = []
        let feeds = (try? store.feeds()) ?? []
        empty.isVisible = feeds.isEmpty
        let now = Date()
        for group in SubscriptionFolders.grouped(feeds, folder: \.folder) {
            if let folder = group.folder {
                let heading = Label(heading: folder)
                heading.setXAlign(0)
                heading.addCSSClass("heading")
                heading.setMargins(top: 16, bottom: 4, start: 4, end: 4)
                list.append(heading)
                folderHeadings.append(heading)
            }
            for feed in group.items { addRow(feed, now: now) }
        }
        showIcons()
        picturesListed = -1
        showPictureProblems()
    }

    /// Under each feed, the pictures of its cards that could not be shown in this run
    /// and why; which feed shows which picture is read from the store off the main thread.
    private func showPictureProblems() {
        guard let pictures, pictures.problems.count != picturesListed else { return }
        let problems = pictures.problems
        picturesListed = problems.count
        let store = self.store
        DispatchQueue.global(qos: .utility).async {
            let shown = (try? store.feeds(showingPictures: problems.map(\.address))) ?? [:]
            DispatchQueue.main.async {
                MainActor.assumeIsolated { [weak self] in
                    guard let self else { return }
                    var byFeed: [FeedID: [(address: String, reason: String)]] = [:]
                    for problem in problems {
                        // Only the cards' pictures: a missing icon (a favicon) is not a problem to
                        // list, the feed shows its initial instead (issue 36).
                        for feed in shown[problem.address, default: []] {
                            byFeed[feed, default: []].append((problem.address, problem.reason))
                        }
                    }
                    for (feed, line) in self.pictureLines {
                        let text = SubscriptionStatus.picturesText(byFeed[feed] ?? [])
                        line.text = text ?? ""
                        line.isVisible = text != nil
                    }
                }
            }
        }
    }

    private func addRow(_ feed: StoredFeed, now: Date) {
        let row = Box(.horizontal, spacing: 12)
        row.setMargins(top: 8, bottom: 8, start: 4, end: 4)
        // The feed's (or its site's) icon once fetched; a feed symbol meanwhile and when there is none.
        let slot = Box(.horizontal, spacing: 0)
        slot.valign = .start
        slot.setMargins(top: 4, bottom: 0, start: 0, end: 0)
        slot.append(Image(iconName: "application-rss+xml-symbolic", pixelSize: Self.iconSize))
        row.append(slot)
        iconSlots.append((TodayFeeds.icon(of: feed), slot, feed.displayTitle))
        let texts = Box(.vertical, spacing: 4)
        texts.hexpand = true
        let name = Entry()
        name.text = feed.displayTitle
        name.setAccessibleLabel("Name of \(feed.displayTitle)")
        name.onActivate { [weak self, weak name] in
            guard let self, let name else { return }
            self.rename(feed, to: name.text)
        }
        let status = Label(SubscriptionStatus.text(lastFetch: feed.lastFetch, lastError: feed.lastError, now: now))
        status.setXAlign(0)
        status.wraps = true
        status.selectable = true
        status.addCSSClass("dim-label")
        let address = Label(feed.url.absoluteString)
        address.setXAlign(0)
        address.selectable = true
        address.addCSSClass("dim-label")
        let reader = CheckButton(label: Self.readerViewLabel)
        reader.isActive = feed.readerView
        // The visible words first, then which feed: every row has one.
        reader.setAccessibleLabel("\(Self.readerViewLabel), \(feed.displayTitle)")
        reader.tooltip = "Stories of this feed fetch the article from its page instead of the feed’s summary"
        reader.onToggled { [weak self, weak reader] in
            guard let self, let reader else { return }
            self.setReaderView(feed, reader.isActive)
        }
        texts.append(name)
        texts.append(address)
        texts.append(status)
        if let text = SubscriptionStatus.problemsText(feed.problems.map(\.description)) {
            let problems = Label(text)
            problems.setXAlign(0)
            problems.wraps = true
            problems.selectable = true
            problems.addCSSClass("dim-label")
            texts.append(problems)
        }
        let picturesLine = Label()
        picturesLine.setXAlign(0)
        picturesLine.wraps = true
        picturesLine.selectable = true
        picturesLine.addCSSClass("dim-label")
        picturesLine.isVisible = false
        pictureLines[feed.id] = picturesLine
        texts.append(picturesLine)
        texts.append(reader)
        let remove = Button(iconName: "user-trash-symbolic", accessibleLabel: "Remove \(feed.displayTitle)")
        remove.valign = .center
        remove.onClicked { [weak self] in self?.remove(feed) }
        row.append(texts)
        row.append(remove)
        list.append(row)
        rows.append((feed, row, name, status, reader, remove))
    }

    private func rename(_ feed: StoredFeed, to name: String) {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        change("\(feed.displayTitle) couldn’t be renamed") { try store.rename(feed.id, to: trimmed.isEmpty ? nil : trimmed) }
        reload()
    }

    private func setReaderView(_ feed: StoredFeed, _ on: Bool) {
        // No reload: the row (and the focus on its switch) stays as it is.
        change("Reader View couldn’t be \(on ? "turned on" : "turned off") for \(feed.displayTitle)") { try store.setReaderView(feed.id, on) }
    }

    /// Unsubscribes, with Undo on a toast for `UndoToast.shownFor`: the feed comes back with its
    /// articles and their read and starred states (`FeedStore.removeKeeping`, `restore`).
    private func remove(_ feed: StoredFeed) {
        var removed: RemovedFeed?
        change("\(feed.displayTitle) couldn’t be removed") { removed = try store.removeKeeping(feed.id) }
        reload()
        guard let removed else { return }
        toast.show("Unsubscribed from “\(removed.feed.displayTitle)”") { [weak self] in self?.restore(removed) }
    }

    private func restore(_ removed: RemovedFeed) {
        var restored = true
        change("\(removed.feed.displayTitle) couldn’t be brought back") { restored = try store.restore(removed) }
        if !restored { showProblem("\(removed.feed.displayTitle) was subscribed to again meanwhile; it is kept as it is now.") }
        reload()
    }

    /// "Unsubscribed from …" with Undo, at the bottom of the window.
    private let toast = UndoToast()

    /// What went wrong, above the list (a failed export).
    func showProblem(_ text: String) {
        problem.text = text
        problem.isVisible = true
    }

    private func change(_ failure: String, _ body: () throws -> Void) {
        do {
            try body()
            problem.isVisible = false
            onChanged?()
        } catch {
            showProblem("\(failure): \(error.localizedDescription)")
        }
    }
}
