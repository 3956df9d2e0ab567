import BrowserModel
import Foundation
import Gtk

/// The list that rises over the bar while editing: open tabs first, then history, each group under
/// its heading; every row shows the page's title and, under it, its address.
@MainActor
final class SuggestionsView {
    static let rowHeight = 48.0
    static let headingHeight = 26.0
    let root = Box(.vertical, spacing: 0)
    private var rows: [(button: Button, suggestion: Suggestions.Suggestion)] = []
    private var headings: [Label] = []
    private var selectedIndex: Int?
    var onChoose: ((Suggestions.Suggestion) -> Void)?
    /// Site icons for the rows (the letter of the host until, unless, WebKit has one).
    var icons: SiteIcons?
    /// Icon holders whose icon may still arrive: their wrappers kept while the rows are shown.
    private var iconHolders: [Widget] = []

    init() {
        root.addCSSClass("skiff-suggestions")
        root.setAccessibleLabel("Suggestions")
    }

    var count: Int { rows.count }
    var titles: [String] { rows.map { $0.suggestion.title.isEmpty ? $0.suggestion.uri : $0.suggestion.title } }
    /// The group headings shown, in order ("Open Tabs", "History").
    var headingTexts: [String] { headings.map(\.text) }
    var preferredHeight: Double { Double(rows.count) * Self.rowHeight + Double(headings.count) * Self.headingHeight + 12 }
    var selected: Suggestions.Suggestion? { selectedIndex.map { rows[$0].suggestion } }

    func show(_ suggestions: [Suggestions.Suggestion]) {
        clear()
        var group: String?
        for suggestion in suggestions {
            let isTab: Bool = if case .switchToTab = suggestion.kind { true } else { false }
            let heading = isTab ? "Open Tabs" : "History"
            if heading != group {
                group = heading
                let label = Label(heading: heading)
                label.setXAlign(0)
                label.addCSSClass("skiff-suggestion-heading")
                root.append(label)
                headings.append(label)
            }
            let title = suggestion.title.isEmpty ? Self.displayAddress(suggestion.uri) : suggestion.title
            let titleLabel = Label(title)
            titleLabel.setXAlign(0)
            titleLabel.ellipsizeEnd()
            titleLabel.addCSSClass("skiff-suggestion-title")
            let addressLabel = Label(Self.displayAddress(suggestion.uri))
            addressLabel.setXAlign(0)
            addressLabel.ellipsizeEnd()
            addressLabel.addCSSClass("skiff-suggestion-address")
            let lines = Box(.vertical, spacing: 1)
            lines.valign = .center
            lines.hexpand = true
            lines.append(titleLabel)
            lines.append(addressLabel)
            let content = Box(.horizontal, spacing: 10)
            content.append(icon(for: suggestion.uri))
            content.append(lines)
            let button = Button(child: content)
            button.hasFrame = false
            button.addCSSClass("skiff-suggestion")
            button.setAccessibleLabel(isTab ? "Switch to tab: \(title)" : title)
            button.setAccessibleDescription(suggestion.uri)
            button.onClicked { [weak self] in self?.onChoose?(suggestion) }
            root.append(button)
            rows.append((button, suggestion))
        }
    }

    /// The address as a person reads it: no scheme, no trailing slash.
    static func displayAddress(_ uri: String) -> String {
        var text = uri
        for scheme in ["https://", "http://"] where text.hasPrefix(scheme) { text.removeFirst(scheme.count) }
        if text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// A 16-px holder: the site's icon if known now, else its letter, replaced when the icon arrives.
    private func icon(for uri: String) -> Widget {
        let holder = Box(.horizontal, spacing: 0)
        holder.valign = .center
        holder.setSizeRequest(width: 16, height: 16)
        let host = URL(string: uri)?.host.map { $0.hasPrefix("www.") ? String($0.dropFirst(4)) : $0 } ?? uri
        let letter = Label(String(host.prefix(1)).uppercased())
        letter.addCSSClass("skiff-suggestion-letter")
        holder.append(letter)
        iconHolders += [holder, letter]
        SiteIcons.replace(letter, in: holder, withIconOf: uri, from: icons, image: Self.iconImage)
        return holder
    }

    private static func iconImage(_ texture: Texture) -> Image {
        let image = Image(texture: texture, pixelSize: 16)
        image.addCSSClass("skiff-suggestion-icon")
        return image
    }

    func clear() {
        iconHolders = []
        for row in rows { root.remove(row.button) }
        for heading in headings { root.remove(heading) }
        rows = []
        headings = []
        selectedIndex = nil
    }

    /// Arrow keys in the address field walk the list; the field keeps focus and its text.
    func move(_ delta: Int) -> Bool {
        guard !rows.isEmpty else { return false }
        if let i = selectedIndex { rows[i].button.removeCSSClass("selected") }
        let next = max(-1, min(rows.count - 1, (selectedIndex ?? -1) + delta))
        selectedIndex = next >= 0 ? next : nil
        if let i = selectedIndex { rows[i].button.addCSSClass("selected") }
        return true
    }
}
