import BrowserModel
import Foundation
import Gtk

/// A blank tab's start page: favourites, then frequently visited sites as tiles, then recently
/// closed tabs. Native widgets, so it shows at once and offline. It renders a `StartPage` and
/// reports what was chosen or asked of a favourite; the browser changes the model and shows the
/// page again.
@MainActor
final class StartPageView {
    /// What the user asked of a favourite tile (menu, keys, drag).
    enum FavouriteRequest {
        case remove(UUID)
        case rename(UUID, String)
        case move(UUID, to: Int)
        case moveBy(UUID, Int)
    }

    let root = ScrolledWindow()
    private let column = Box(.vertical, spacing: 12)
    private var shown: StartPage?
    var onOpen: ((String) -> Void)?
    var onFavourite: ((FavouriteRequest) -> Void)?
    var icons: SiteIcons?
    /// The favourite being renamed in place (its tile is an entry meanwhile).
    private(set) var renaming: UUID?
    private var favouriteTiles: [(id: UUID, tile: Widget, button: Button)] = []
    /// The wrappers of widgets whose handlers reach them later (an icon arriving, Enter in the
    /// rename field, a menu to open): GTK keeps the widgets, this keeps their Swift wrappers for as
    /// long as they are shown, so the handlers' weak captures still find them.
    private var shownWidgets: [Widget] = []
    private var favouritesBox: FlowBox?
    private let actions = ActionGroup()

    init() {
        root.setPolicy(horizontal: false, vertical: true)
        root.addCSSClass("skiff-start-page")
        root.setAccessibleLabel("Start Page")
        root.hexpand = true
        root.vexpand = true
        column.setMargins(top: 32, bottom: 120, start: 24, end: 24)
        let clamp = Clamp(child: column, maximumWidth: 760, label: "Start page column")
        root.setChild(clamp.root)
        self.clamp = clamp
        installFavouriteActions()
    }

    private var clamp: Clamp?

    func show(_ page: StartPage) {
        guard page != shown else { return }
        shown = page
        rebuild()
    }

    /// The favourite whose tile has the keyboard focus.
    var focusedFavourite: UUID? { favouriteTiles.first { $0.button.hasFocus }?.id }

    /// Puts the focus back on a favourite's tile (after it moved or was renamed, the tiles are new).
    @discardableResult
    func focusFavourite(_ id: UUID) -> Bool {
        favouriteTiles.first { $0.id == id }?.button.grabFocus() ?? false
    }

    /// Turns the favourite's tile into an entry holding its name, selected.
    func beginRenaming(_ id: UUID) {
        guard shown?.favourites.contains(where: { $0.favouriteID == id }) == true else { return }
        renaming = id
        rebuild()
    }

    private func rebuild() {
        guard let page = shown else { return }
        column.removeAll()
        shownWidgets = []
        favouriteTiles = []
        favouritesBox = nil
        if page.isEmpty {
            let empty = Label("Sites you visit often and tabs you close will appear here. Press Ctrl+D on a page to add it to Favourites.")
            empty.wraps = true
            empty.addCSSClass("skiff-start-empty")
            column.append(empty)
            return
        }
        if !page.favourites.isEmpty {
            column.append(Self.heading("Favourites"))
            let tiles = Self.tileGrid()
            tiles.setAccessibleLabel("Favourites")
            var renameEntry: Entry?
            for (index, entry) in page.favourites.enumerated() {
                guard let id = entry.favouriteID else { continue }
                if id == renaming {
                    let field = renameField(entry, id: id)
                    tiles.append(field)
                    renameEntry = field
                } else {
                    tiles.append(favouriteTile(entry, id: id, index: index, count: page.favourites.count))
                }
            }
            column.append(tiles)
            favouritesBox = tiles
            if let renameEntry {
                _ = renameEntry.grabFocus()
                renameEntry.selectAll()
            }
        }
        if !page.frequentlyVisited.isEmpty {
            column.append(Self.heading("Frequently Visited"))
            let tiles = Self.tileGrid()
            for entry in page.frequentlyVisited { tiles.append(tile(entry)) }
            column.append(tiles)
        }
        if !page.recentlyClosed.isEmpty {
            column.append(Self.heading("Recently Closed"))
            for entry in page.recentlyClosed { column.append(row(entry)) }
        }
    }

    private static func tileGrid() -> FlowBox {
        let tiles = FlowBox()
        tiles.homogeneous = true
        tiles.setChildrenPerLine(minimum: 2, maximum: 4)
        tiles.setSpacing(row: 10, column: 10)
        return tiles
    }

    private static func heading(_ text: String) -> Label {
        let label = Label(heading: text)
        label.setXAlign(0)
        label.addCSSClass("skiff-start-heading")
        return label
    }

    // MARK: Tiles

    private func tile(_ entry: StartPage.Entry) -> Button {
        let lines = Box(.vertical, spacing: 4)
        let title = Label(entry.title)
        title.ellipsizeEnd()
        title.addCSSClass("skiff-start-title")
        let host = Label(entry.host)
        host.ellipsizeEnd()
        host.addCSSClass("skiff-start-host")
        for part in [badge(entry), title, host] { lines.append(part) }
        let button = Button(child: lines)
        button.addCSSClass("skiff-start-tile")
        button.setAccessibleLabel("\(entry.title), \(entry.host)")
        button.tooltip = entry.uri
        button.onClicked { [weak self] in self?.onOpen?(entry.uri) }
        return button
    }

    /// The site's icon from WebKit's favicon database, or its first letter until (unless) one comes.
    private func badge(_ entry: StartPage.Entry) -> Widget {
        let holder = Box(.horizontal, spacing: 0)
        holder.halign = .center
        holder.setSizeRequest(width: 44, height: 44)
        holder.addCSSClass("skiff-start-badge")
        let letter = Label(String(entry.host.prefix(1)).uppercased())
        letter.addCSSClass("skiff-start-letter")
        letter.hexpand = true
        holder.append(letter)
        shownWidgets += [holder, letter]
        SiteIcons.replace(letter, in: holder, withIconOf: entry.uri, from: icons, image: Self.iconImage)
        return holder
    }

    private static func iconImage(_ texture: Texture) -> Image {
        let image = Image(texture: texture, pixelSize: 32)
        image.addCSSClass("skiff-site-icon")
        image.hexpand = true
        return image
    }

    /// A favourite: the tile, a menu button in its corner (Rename, Move, Remove) that a right click
    /// or the Menu key also opens, keys on the focused tile, and a drag onto another tile to move it.
    private func favouriteTile(_ entry: StartPage.Entry, id: UUID, index: Int, count: Int) -> Widget {
        let button = tile(entry)
        button.setAccessibleLabel("Favourite: \(entry.title), \(entry.host)")
        let menu = MenuModel()
        let edit = MenuModel()
        edit.append("Rename…", action: "fav.rename(\(index))")
        if index > 0 { edit.append("Move Left", action: "fav.move-left(\(index))") }
        if index < count - 1 { edit.append("Move Right", action: "fav.move-right(\(index))") }
        menu.appendSection(edit)
        let remove = MenuModel()
        remove.append("Remove", action: "fav.remove(\(index))")
        menu.appendSection(remove)
        let options = MenuButton(iconName: "view-more-symbolic", accessibleLabel: "Options for \(entry.title)", menu: menu)
        options.halign = .end
        options.valign = .start
        options.addCSSClass("skiff-start-tile-menu")
        options.addCSSClass("flat")
        let tile = Overlay()
        tile.setChild(button)
        tile.addOverlay(options)
        shownWidgets += [options, tile]

        let secondClick = GestureClick()
        secondClick.setButton(3)
        secondClick.onPressed { [weak options] _, _, _ in options?.popup() }
        tile.addController(secondClick)

        let keys = EventControllerKey()
        keys.onPressed { [weak self, weak options] keyval, modifiers in
            switch keyval {
            case Key.delete, Key.kpDelete:
                self?.onFavourite?(.remove(id))
            case Key.f2:
                self?.beginRenaming(id)
            case Key.menu:
                options?.popup()
            case Key.f10 where modifiers.contains(.shift):
                options?.popup()
            default:
                return false
            }
            return true
        }
        button.addController(keys)

        // Observed in the capture phase: the button's own click still works for a press that stays put.
        let drag = GestureDrag()
        drag.phase = .capture
        let start = DragStart()
        drag.onBegin { x, y in start.x = x; start.y = y }
        drag.onEnd { [weak self, weak tile] dx, dy in
            // 8 px: GTK's drag threshold, under which a press is a click.
            guard let self, let tile, dx * dx + dy * dy >= 64 else { return }
            self.dropped(id, from: tile, at: (start.x + dx, start.y + dy))
        }
        tile.addController(drag)

        favouriteTiles.append((id, tile, button))
        return tile
    }

    /// A favourite dragged to a point of its own tile's coordinates: it takes the place of the tile there.
    private func dropped(_ id: UUID, from tile: Widget, at point: (x: Double, y: Double)) {
        guard let grid = favouritesBox, let origin = tile.origin(in: grid) else { return }
        let x = origin.x + point.x, y = origin.y + point.y
        for (index, other) in favouriteTiles.enumerated() {
            guard let o = other.tile.origin(in: grid) else { continue }
            if x >= o.x, x < o.x + Double(other.tile.width), y >= o.y, y < o.y + Double(other.tile.height) {
                if other.id != id { onFavourite?(.move(id, to: index)) }
                return
            }
        }
    }

    private func renameField(_ entry: StartPage.Entry, id: UUID) -> Entry {
        let field = Entry()
        shownWidgets.append(field)
        field.valign = .center
        field.text = entry.title
        field.setAccessibleLabel("Name of the favourite \(entry.host)")
        field.addCSSClass("skiff-start-rename")
        field.onActivate { [weak self, weak field] in
            guard let self, let field else { return }
            self.finishRenaming(id, name: field.text)
        }
        let keys = EventControllerKey()
        keys.onPressed { [weak self] keyval, _ in
            guard keyval == Key.escape else { return false }
            self?.finishRenaming(id, name: nil)
            return true
        }
        field.addController(keys)
        let focus = EventControllerFocus()
        // Clicking elsewhere keeps what was typed, as Safari does.
        focus.onLeave { [weak self, weak field] in
            guard let self, let field, self.renaming == id else { return }
            let name = field.text
            // Not from inside GTK's focus change: rebuilding removes the entry that is losing focus.
            MainLoop.idle { [weak self] in self?.finishRenaming(id, name: name) }
        }
        field.addController(focus)
        return field
    }

    /// Ends renaming: `name` nil cancels. The tile comes back with the focus on it.
    private func finishRenaming(_ id: UUID, name: String?) {
        guard renaming == id else { return }
        renaming = nil
        if let name { onFavourite?(.rename(id, name)) }
        rebuild()
        focusFavourite(id)
    }

    private func installFavouriteActions() {
        func indexed(_ name: String, _ body: @escaping @MainActor (StartPageView, UUID, Int) -> Void) {
            let action = IntAction(name: name)
            action.onActivate { [weak self] index in
                guard let self, let entries = self.shown?.favourites, entries.indices.contains(index),
                      let id = entries[index].favouriteID else { return }
                body(self, id, index)
            }
            actions.add(action)
        }
        indexed("rename") { view, id, _ in view.beginRenaming(id) }
        indexed("remove") { view, id, _ in view.onFavourite?(.remove(id)) }
        indexed("move-left") { view, id, _ in view.onFavourite?(.moveBy(id, -1)) }
        indexed("move-right") { view, id, _ in view.onFavourite?(.moveBy(id, 1)) }
        actions.insert(into: root, prefix: "fav")
    }

    private func row(_ entry: StartPage.Entry) -> Button {
        let lines = Box(.vertical, spacing: 1)
        let title = Label(entry.title)
        title.setXAlign(0)
        title.ellipsizeEnd()
        let host = Label(entry.host)
        host.setXAlign(0)
        host.ellipsizeEnd()
        host.addCSSClass("skiff-start-host")
        lines.append(title)
        lines.append(host)
        let button = Button(child: lines)
        button.hasFrame = false
        button.addCSSClass("skiff-start-row")
        button.setAccessibleLabel("Reopen \(entry.title), \(entry.host)")
        button.onClicked { [weak self] in self?.onOpen?(entry.uri) }
        return button
    }
}

/// Where a drag on a favourite began, in the tile's coordinates.
@MainActor
private final class DragStart {
    var x = 0.0, y = 0.0
}
