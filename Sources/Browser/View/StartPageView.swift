import BrowserModel
import Foundation
import Gtk

/// A blank tab's start page: frequently visited sites as tiles, then recently closed tabs. Native
/// widgets, so it shows at once and offline. It renders a `StartPage` and reports which address was
/// chosen; the browser loads it.
@MainActor
final class StartPageView {
    let root = ScrolledWindow()
    private let column = Box(.vertical, spacing: 12)
    private var shown: StartPage?
    var onOpen: ((String) -> Void)?

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
    }

    private var clamp: Clamp?

    func show(_ page: StartPage) {
        guard page != shown else { return }
        shown = page
        column.removeAll()
        if page.isEmpty {
            let empty = Label("Sites you visit often and tabs you close will appear here.")
            empty.wraps = true
            empty.addCSSClass("skiff-start-empty")
            column.append(empty)
            return
        }
        if !page.frequentlyVisited.isEmpty {
            column.append(Self.heading("Frequently Visited"))
            let tiles = FlowBox()
            tiles.homogeneous = true
            tiles.setChildrenPerLine(minimum: 2, maximum: 4)
            tiles.setSpacing(row: 10, column: 10)
            for entry in page.frequentlyVisited { tiles.append(tile(entry)) }
            column.append(tiles)
        }
        if !page.recentlyClosed.isEmpty {
            column.append(Self.heading("Recently Closed"))
            for entry in page.recentlyClosed { column.append(row(entry)) }
        }
    }

    private static func heading(_ text: String) -> Label {
        let label = Label(heading: text)
        label.setXAlign(0)
        label.addCSSClass("skiff-start-heading")
        return label
    }

    private func tile(_ entry: StartPage.Entry) -> Button {
        let lines = Box(.vertical, spacing: 4)
        let letter = Label(String(entry.host.prefix(1)).uppercased())
        letter.addCSSClass("skiff-start-letter")
        let title = Label(entry.title)
        title.ellipsizeEnd()
        title.addCSSClass("skiff-start-title")
        let host = Label(entry.host)
        host.ellipsizeEnd()
        host.addCSSClass("skiff-start-host")
        for part in [letter, title, host] { lines.append(part) }
        let button = Button(child: lines)
        button.addCSSClass("skiff-start-tile")
        button.setAccessibleLabel("\(entry.title), \(entry.host)")
        button.tooltip = entry.uri
        button.onClicked { [weak self] in self?.onOpen?(entry.uri) }
        return button
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
