import BrowserModel
import BrowserStore
import Foundation
import Gtk
import JSONReader
import Logging

/// Bookmarks (Ctrl+Shift+B): a window of its own over the browser, as the History window is,
/// listing the folders and their bookmarks in their order (indented by depth), with a search field
/// on top, Import and Export in the header, a delete button on each line (the Delete key on the
/// chosen line) and an Undo bar after a deletion; a line dragged onto another moves there
/// (`Bookmarks.drop`). Activating a bookmark opens it in the current tab.
/// At most `shownLimit` lines are listed; a search finds the rest (docs/bookmarks.md).
@MainActor
public final class BookmarksWindow {
    static let shownLimit = 1_000

    public let window = Window()
    let search = Entry()
    let list = ListBox(accessibleLabel: "Bookmarks")
    let status = Label()
    let undoBar = Box(.horizontal, spacing: 8)
    private let undoLabel = Label()
    let undoButton = Button(label: "Undo")
    let importPopover = Popover()
    let exportButton = Button(label: "Export…")
    private weak var browser: BrowserView?
    private let keeper: BookmarksKeeper
    /// What each listed line shows, in order, and the widget showing it (where a drop lands).
    private var lines: [Bookmark] = []
    private var lineWidgets: [Widget] = []
    let folderPopover = Popover()
    let folderName = Entry()
    private var lastDeletion: Bookmarks.Deletion?
    private var chooser: PathChooser?
    private let home: URL
    private let logger = Logger(label: "skiff.browser.bookmarks")
    /// Called after a bookmark was opened in the current tab: the window shows the browser.
    public var onOpenedInCurrentTab: (@MainActor () -> Void)?

    public init(browser: BrowserView, transientFor parent: Window,
                home: URL = FileManager.default.homeDirectoryForCurrentUser) {
        self.browser = browser
        self.home = home
        keeper = browser.bookmarks
        window.title = "Bookmarks"
        window.setDefaultSize(width: 640, height: 720)
        window.setTransient(for: parent)
        window.addCSSClass("skiff-bookmarks")

        let header = HeaderBar()
        let importButton = MenuButton(child: Label("Import"), popover: importPopover)
        importButton.hasFrame = true
        importButton.setAccessibleLabel("Import Bookmarks")
        header.packStart(importButton)
        let newFolder = MenuButton(child: Label("New Folder"), popover: folderPopover)
        newFolder.hasFrame = true
        newFolder.setAccessibleLabel("New Folder")
        header.packStart(newFolder)
        folderPopover.setChild(folderForm())
        exportButton.setAccessibleLabel("Export Bookmarks…")
        header.packEnd(exportButton)
        window.setTitlebar(header)
        importPopover.setChild(importChoices())

        search.placeholder = "Search Bookmarks"
        search.setPrimaryIcon("system-search-symbolic")
        search.setAccessibleLabel("Search Bookmarks")
        search.setMargins(top: 12, bottom: 6, start: 16, end: 16)
        status.addCSSClass("dim-label")
        status.wraps = true
        status.setMargins(top: 6, bottom: 6, start: 16, end: 16)
        status.isVisible = false
        undoBar.setMargins(top: 6, bottom: 6, start: 16, end: 16)
        undoLabel.hexpand = true
        undoLabel.setXAlign(0)
        undoLabel.wraps = true
        undoButton.setAccessibleLabel("Undo")
        undoBar.append(undoLabel)
        undoBar.append(undoButton)
        undoBar.isVisible = false

        let scroller = ScrolledWindow()
        scroller.setPolicy(horizontal: false, vertical: true)
        scroller.setChild(list)
        scroller.vexpand = true
        let column = Box(.vertical)
        column.append(search)
        column.append(status)
        column.append(undoBar)
        column.append(scroller)
        window.setChild(column)
        wire()
        relist()
    }

    public func present() { window.present() }

    private func wire() {
        search.onChanged { [weak self] in self?.relist() }
        list.onActivated { [weak self] index in self?.open(index) }
        let keys = EventControllerKey()
        keys.onPressed { [weak self] key, _ in
            guard let self, key == Key.delete, let index = self.list.selectedIndex else { return false }
            self.delete(index)
            return true
        }
        list.addController(keys)
        undoButton.onClicked { [weak self] in self?.undo() }
        exportButton.onClicked { [weak self] in self?.askExport() }
        // The list follows every change, wherever it was made (Ctrl+D, the start page, another window).
        keeper.observe(self) { [weak self] in self?.relist() }
    }

    /// The lines: the whole tree in order, or a search's bookmarks.
    func relist() {
        let query = search.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let tree = keeper.tree
        let all = query.isEmpty ? tree.walk() : tree.search(query)
        lines = Array(all.prefix(Self.shownLimit))
        list.removeAll()
        lineWidgets = lines.map { item in
            let widget = line(for: item, depth: query.isEmpty ? tree.depth(of: item.id) : 1)
            list.append(widget, accessibleLabel: Self.name(of: item))
            return widget
        }
        if all.count > lines.count {
            note("\(all.count - lines.count) more not listed: search to find them.")
        } else if all.isEmpty {
            note(query.isEmpty ? "No bookmarks yet. Ctrl+D bookmarks the page you are on." : "No bookmark matches “\(query)”.")
        } else if status.text.hasSuffix("search to find them.") || status.text.hasPrefix("No bookmark") {
            status.isVisible = false
        }
    }

    /// How a line is named for assistive technology: what it is, then what it shows.
    static func name(of item: Bookmark) -> String {
        guard let uri = item.uri else { return "Folder: \(item.title)" }
        return "\(item.title), \(StartPage.host(of: uri))"
    }

    private func line(for item: Bookmark, depth: Int) -> Widget {
        let row = Box(.horizontal, spacing: 8)
        row.setMargins(top: 2, bottom: 2, start: 8 + 16 * max(0, depth - 1), end: 4)
        row.append(Image(iconName: item.isFolder ? "folder-symbolic" : "web-browser-symbolic", pixelSize: 16))
        // Plain text labels: a title is never markup, whatever a file or a page made it.
        let title = Label(item.title)
        title.setXAlign(0)
        title.hexpand = true
        title.ellipsizeMiddle()
        if item.isFolder { title.addCSSClass("heading") }
        row.append(title)
        if let uri = item.uri {
            let host = Label(StartPage.host(of: uri))
            host.addCSSClass("dim-label")
            host.ellipsizeMiddle()
            row.append(host)
        }
        if item.id != Bookmarks.favouritesID {
            let delete = Button(iconName: "user-trash-symbolic", accessibleLabel: "Delete “\(item.title)”")
            delete.hasFrame = false
            delete.onClicked { [weak self] in
                guard let self, let index = self.lines.firstIndex(where: { $0.id == item.id }) else { return }
                self.delete(index)
            }
            row.append(delete)
            // Observed in the capture phase, as the start page's tiles are: a press that stays put
            // is still the row's click.
            let drag = GestureDrag()
            drag.phase = .capture
            let start = DragStart()
            drag.onBegin { x, y in (start.x, start.y) = (x, y) }
            drag.onEnd { [weak self, weak row] dx, dy in
                // 8 px: GTK's drag threshold, under which a press is a click.
                guard let self, let row, dx * dx + dy * dy >= 64 else { return }
                self.dropped(item.id, from: row, at: (start.x + dx, start.y + dy))
            }
            row.addController(drag)
        }
        return row
    }

    private final class DragStart {
        var x = 0.0, y = 0.0
    }

    /// A line dragged to a point of its own coordinates: onto the line there (`Bookmarks.drop`).
    private func dropped(_ id: UUID, from row: Widget, at point: (x: Double, y: Double)) {
        guard let origin = row.origin(in: list) else { return }
        let y = origin.y + point.y
        for (index, other) in lineWidgets.enumerated() {
            guard let o = other.origin(in: list), y >= o.y, y < o.y + Double(other.height) else { continue }
            let target = lines[index].id
            keeper.change { $0.drop(id, onto: target) }
            return
        }
    }

    private func open(_ index: Int) {
        guard lines.indices.contains(index), let uri = lines[index].uri, let browser else { return }
        browser.load(uri)
        onOpenedInCurrentTab?()
    }

    private func delete(_ index: Int) {
        guard lines.indices.contains(index) else { return }
        let item = lines[index]
        var deletion: Bookmarks.Deletion?
        keeper.change { tree in
            deletion = tree.delete(id: item.id)
            return deletion != nil
        }
        guard let deletion else { return }
        lastDeletion = deletion
        let inside = deletion.removed.count - 1
        undoLabel.text = "Deleted “\(item.title)”" + (inside > 0 ? " and the \(inside) \(inside == 1 ? "item" : "items") in it." : ".")
        undoBar.isVisible = true
    }

    private func undo() {
        guard let deletion = lastDeletion else { return }
        lastDeletion = nil
        undoBar.isVisible = false
        keeper.change { $0.undo(deletion) }
    }

    private func note(_ text: String) {
        status.text = text
        status.isVisible = true
    }
}

extension BookmarksWindow {
    /// "New Folder": a name, then the folder made at the end of the bookmarks.
    private func folderForm() -> Widget {
        let column = Box(.vertical, spacing: 6)
        column.setMargins(top: 6, bottom: 6, start: 6, end: 6)
        folderName.placeholder = "Folder Name"
        folderName.setAccessibleLabel("Folder Name")
        folderName.maxLength = Bookmarks.titleLimit
        let create = Button(label: "Create")
        create.addCSSClass("suggested-action")
        create.setAccessibleLabel("Create Folder")
        column.append(folderName)
        column.append(create)
        let make: @MainActor () -> Void = { [weak self] in
            guard let self else { return }
            let title = self.folderName.text
            self.folderPopover.popdown()
            self.folderName.text = ""
            var result = Bookmarks.AddResult.full
            self.keeper.change { tree in
                result = tree.addFolder(title: title)
                if case .added = result { return true }
                return false
            }
            if result == .full { self.note("The bookmarks are full (\(Bookmarks.countLimit) items).") }
        }
        create.onClicked(make)
        folderName.onActivate(make)
        folderPopover.onShow { [weak self] in MainLoop.idle { _ = self?.folderName.grabFocus() } }
        return column
    }

    /// The import popover: a file, and Firefox's and Chromium's own files when they are in the home folder.
    private func importChoices() -> Widget {
        let column = Box(.vertical, spacing: 4)
        column.setMargins(top: 6, bottom: 6, start: 6, end: 6)
        let file = Button(label: "From a Bookmarks File…")
        file.setAccessibleLabel("Import From a Bookmarks File…")
        file.onClicked { [weak self] in
            self?.importPopover.popdown()
            self?.askImport()
        }
        column.append(file)
        let firefox = Button(label: "From Firefox")
        let places = FirefoxBookmarks.placesFiles(home: home).first
        firefox.isSensitive = places != nil
        firefox.tooltip = places == nil ? "No Firefox profile was found in your home folder." : places?.path
        firefox.onClicked { [weak self] in
            self?.importPopover.popdown()
            if let places { self?.importFile(at: places, firefox: true) }
        }
        column.append(firefox)
        let chromium = Button(label: "From Chromium")
        let json = ChromiumBookmarks.files(home: home).first
        chromium.isSensitive = json != nil
        chromium.tooltip = json == nil ? "No Chromium or Chrome profile was found in your home folder." : json?.path
        chromium.onClicked { [weak self] in
            self?.importPopover.popdown()
            if let json { self?.importFile(at: json) }
        }
        column.append(chromium)
        return column
    }

    static let openFilter = PathChooser.Filter(name: "Bookmark Files", patterns: ["*.html", "*.htm", "*.HTML", "*.json", "Bookmarks"])

    /// "Import From a Bookmarks File…": the open dialog, then the file read.
    public func askImport() {
        let asked = PathChooser.open(title: "Import Bookmarks", folder: home.path, filter: Self.openFilter, transientFor: window)
        chooser = asked
        asked.ask { [weak self] path in
            self?.chooser = nil
            guard let path else { return }
            self?.importFile(at: URL(fileURLWithPath: path))
        }
    }

    /// Reads `url` off the main thread (the Netscape file, Chromium's JSON by its first character, or
    /// Firefox's database) and adds it in a folder of its own, telling what was taken and left out.
    func importFile(at url: URL, firefox: Bool = false) {
        let name = url.lastPathComponent
        note("Importing “\(name)”…")
        Task.detached(priority: .userInitiated) { [weak self] in
            let result: Result<BookmarkImport, DataProblem>
            do throws(DataProblem) {
                if firefox {
                    result = .success(try FirefoxBookmarks.read(places: url))
                } else if Self.looksLikeJSON(url) {
                    result = .success(try ChromiumBookmarks.read(contentsOf: url))
                } else {
                    result = .success(try BookmarkHTML.read(contentsOf: url))
                }
            } catch {
                result = .failure(error)
            }
            await self?.imported(result, from: firefox ? "Firefox" : name)
        }
    }

    nonisolated static func looksLikeJSON(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: 64)) ?? Data()
        return start.first { !" \t\r\n".utf8.contains($0) && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF } == UInt8(ascii: "{")
    }

    private func imported(_ result: Result<BookmarkImport, DataProblem>, from source: String) {
        switch result {
        case .failure(let problem):
            note("Nothing was imported: \(problem)")
        case .success(let imported):
            var report = imported.report
            keeper.change { tree in
                guard case .added(let folder) = tree.addFolder(title: "Imported from \(source)") else { return false }
                report = tree.add(imported, into: folder.id)
                return true
            }
            note("Imported from “\(source)”: \(report)")
        }
    }

    /// "Export Bookmarks…": the save dialog, then the whole tree written as a Netscape file.
    public func askExport() {
        let asked = PathChooser.save(title: "Export Bookmarks", name: "bookmarks.html", folder: home.path, transientFor: window)
        chooser = asked
        asked.ask { [weak self] path in
            self?.chooser = nil
            guard let self, let path else { return }
            let url = URL(fileURLWithPath: path)
            do {
                try Data(BookmarkHTML.export(self.keeper.tree).utf8).write(to: url, options: .atomic)
                self.note("Exported \(self.keeper.tree.count - 1) items to “\(url.lastPathComponent)”.")
            } catch {
                self.note("The bookmarks couldn’t be exported to “\(url.lastPathComponent)”: \(error.localizedDescription)")
            }
        }
    }
}
