import BrowserModel
import Foundation
import Gtk

/// The star at the end of the address bar: filled when the page is bookmarked. A click, Enter or
/// Space on it, or Ctrl+D, bookmarks the page if it is not yet and opens a popover to name it and
/// choose its folder, with Remove and Done, as GNOME Web's and Firefox's do (docs/bookmarks.md).
@MainActor
final class BookmarkStar {
    static let bookmarkedName = "Bookmarked"
    static let notBookmarkedName = "Bookmark This Page"

    /// The bar's canvas is its parent, not the button: a button out of the focus chain would take
    /// its popover's name field out too (GTK's can-focus holds for a widget's descendants).
    let popover = Popover()
    let button: Button
    private let icon = Image(iconName: "non-starred-symbolic", pixelSize: 16)
    private let heading = Label("")
    let name = Entry()
    private let folderRow = Box(.vertical, spacing: 4)
    private var folderChoice: DropDown?
    private var folderIDs: [UUID] = []
    private let remove = Button(label: "Remove")
    private let done = Button(label: "Done")
    private var editing: UUID?
    private(set) var isBookmarked = false

    /// A press on the star: the bars must not take it as a tap that edits the address.
    var onPress: () -> Void = {}
    /// The popover opens: the page bookmarked if it was not; what to show (nil: nothing to bookmark).
    var onOpen: () -> (bookmark: Bookmark, isNew: Bool, folders: [(folder: Bookmark, depth: Int)])? = { nil }
    /// Done (or Enter in the name): the bookmark named and put in the folder chosen.
    var onDone: (_ id: UUID, _ name: String, _ folder: UUID) -> Void = { _, _, _ in }
    var onRemove: (_ id: UUID) -> Void = { _ in }

    init() {
        button = Button(child: icon)
        button.hasFrame = false
        button.addCSSClass("skiff-bookmark-star")
        button.valign = .center
        // Out of the Tab cycle like the security indicator: Ctrl+D is the keyboard's way in.
        button.isFocusable = false
        button.onClicked { [weak self] in self?.open() }
        let column = Box(.vertical, spacing: 8)
        column.setMargins(top: 6, bottom: 6, start: 6, end: 6)
        column.setSizeRequest(width: 300, height: -1)
        heading.addCSSClass("heading")
        heading.setXAlign(0)
        column.append(heading)
        let nameLabel = Label("Name")
        nameLabel.setXAlign(0)
        nameLabel.addCSSClass("dim-label")
        name.setAccessibleLabel("Name")
        name.maxLength = Bookmarks.titleLimit
        column.append(nameLabel)
        column.append(name)
        let folderLabel = Label("Folder")
        folderLabel.setXAlign(0)
        folderLabel.addCSSClass("dim-label")
        column.append(folderLabel)
        column.append(folderRow)
        let buttons = Box(.horizontal, spacing: 6)
        buttons.homogeneous = true
        remove.addCSSClass("destructive-action")
        remove.setAccessibleLabel("Remove Bookmark")
        done.addCSSClass("suggested-action")
        done.setAccessibleLabel("Done")
        buttons.append(remove)
        buttons.append(done)
        column.append(buttons)
        popover.setChild(column)
        // The bar is at the window's bottom: below it a popover would leave the window.
        popover.opensUpward()
        popover.onShow { [weak self] in self?.fill() }
        done.onClicked { [weak self] in self?.finish() }
        name.onActivate { [weak self] in self?.finish() }
        remove.onClicked { [weak self] in
            guard let self, let id = self.editing else { return }
            self.editing = nil
            self.popover.popdown()
            self.onRemove(id)
        }
        // An open popover outliving its window keeps X's pointer grab (SecurityIndicator.swift).
        button.onUnmap { [weak self] in self?.popover.popdown() }
        let press = GestureClick()
        press.phase = .capture
        press.onPressed { [weak self] _, _, _ in self?.onPress() }
        button.addController(press)
        show(bookmarked: false, visible: false)
    }

    var root: Widget { button }
    var isShown: Bool { button.isVisible }

    /// Opens the popover (a click on the star, Ctrl+D); what it shows is read as it opens.
    func open() {
        guard isShown else { return }
        popover.popupInsideWindow()
    }

    /// Filled or not; hidden while the address is edited and for what cannot be bookmarked.
    func show(bookmarked: Bool, visible: Bool) {
        if bookmarked != isBookmarked || button.tooltip == nil {
            isBookmarked = bookmarked
            icon.setIconName(bookmarked ? "starred-symbolic" : "non-starred-symbolic")
            let label = bookmarked ? Self.bookmarkedName : Self.notBookmarkedName
            button.setAccessibleLabel(label)
            button.tooltip = label
            if bookmarked { button.addCSSClass("bookmarked") } else { button.removeCSSClass("bookmarked") }
        }
        if button.isVisible != visible { button.isVisible = visible }
        if !visible && popover.isOpen { popover.popdown() }
    }

    private func fill() {
        guard let shown = onOpen() else {
            editing = nil
            MainLoop.idle { [weak self] in self?.popover.popdown() }
            return
        }
        editing = shown.bookmark.id
        heading.text = shown.isNew ? "Bookmark Added" : "Edit Bookmark"
        name.text = shown.bookmark.title
        folderIDs = [Bookmarks.rootID] + shown.folders.map(\.folder.id)
        // A drop-down of strings: the depth shown by indentation, as GNOME's folder pickers do.
        let titles = ["Bookmarks"] + shown.folders.map { String(repeating: "    ", count: max(0, $0.depth - 1)) + $0.folder.title }
        folderRow.removeAll()
        let choice = DropDown(items: titles, accessibleLabel: "Folder")
        choice.selected = folderIDs.firstIndex(of: shown.bookmark.parent ?? Bookmarks.rootID) ?? 0
        folderRow.append(choice)
        folderChoice = choice
        // Now, and again once the popover is on screen, in case GTK moved the focus meanwhile: the
        // user types the name at once.
        _ = name.grabFocus()
        name.selectAll()
        MainLoop.idle { [weak self] in
            guard let self, self.popover.isOpen, !self.name.containsFocus else { return }
            _ = self.name.grabFocus()
            self.name.selectAll()
        }
    }

    private func finish() {
        guard let id = editing else { return popover.popdown() }
        let index = folderChoice?.selected ?? 0
        let folder = folderIDs.indices.contains(index) ? folderIDs[index] : Bookmarks.rootID
        editing = nil
        popover.popdown()
        onDone(id, name.text, folder)
    }
}

extension AddressBarView {
    /// Whether `page` is bookmarked, shown by the star (hidden while the address is edited).
    func showStar(of page: TabPage, bookmarks: Bookmarks, editing: Bool) {
        let wasShown = star.isShown
        let uri = page.state.uri
        let canBookmark = uri.map(Bookmarks.canBeBookmarked) ?? false
        star.show(bookmarked: uri.map(bookmarks.isBookmarked) ?? false, visible: canBookmark && !editing && page.webView != nil)
        if wasShown != star.isShown { canvas.queueAllocate() }
    }
}

extension BrowserView {
    /// The profile's bookmarks, which the favourites are one folder of.
    public var bookmarks: BookmarksKeeper { favourites.bookmarks }

    /// Ctrl+D: the current page bookmarked (if it is not yet) and its popover opened, as a click on
    /// the star does.
    public func bookmarkCurrentPage() {
        if editing.isEditing { endEditing(commit: false) }
        guard let uri = state.uri, Bookmarks.canBeBookmarked(uri) else {
            return showNotice("This page can’t be bookmarked: only web pages and files can.")
        }
        guard let bar = bars[pager.tabs.current.id], let page = currentPage else { return }
        if collapse.isCollapsed { collapse.expand(now: now); animate() }
        bar.showStar(of: page, bookmarks: bookmarks.tree, editing: false)
        bar.star.open()
    }

    /// The star of a new bar wired to the bookmarks; the browser redrawn when they change elsewhere.
    func connectStar(_ bar: AddressBarView) {
        bar.star.onPress = { [weak self] in self?.barPress.takenByControl() }
        bar.star.onOpen = { [weak self, weak bar] in
            guard let self, let tab = bar?.tabID, let page = self.pages[tab] else { return nil }
            return self.openBookmark(uri: page.state.uri, title: page.state.title)
        }
        bar.star.onDone = { [weak self] id, name, folder in
            self?.bookmarks.change { tree in
                let renamed = tree.rename(id: id, to: name)
                let moved = tree[id]?.parent != folder && tree.move(id: id, to: folder, at: Int.max)
                return renamed || moved
            }
        }
        bar.star.onRemove = { [weak self] id in self?.bookmarks.change { $0.delete(id: id) != nil } }
        bookmarks.observe(self) { [weak self] in
            self?.favourites.reload()
            self?.render()
        }
    }

    /// The page's first bookmark, made now at the end of the bookmarks if it had none.
    private func openBookmark(uri: String?, title: String?) -> (bookmark: Bookmark, isNew: Bool, folders: [(folder: Bookmark, depth: Int)])? {
        guard let uri, Bookmarks.canBeBookmarked(uri) else { return nil }
        if let existing = bookmarks.tree.bookmarks(for: uri).first {
            return (existing, false, bookmarks.tree.folders())
        }
        var made: Bookmark?
        bookmarks.change { tree in
            if case .added(let bookmark) = tree.addBookmark(uri: uri, title: title ?? "") { made = bookmark }
            return made != nil
        }
        guard let made else {
            showNotice("The bookmarks are full (\(Bookmarks.countLimit)). Delete some to add this page.")
            return nil
        }
        return (made, true, bookmarks.tree.folders())
    }
}
