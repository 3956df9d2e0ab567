import BrowserModel
import Foundation
import Gtk

/// The list that rises over the bar while editing: open tabs first, then history, each group under
/// its heading; every row shows the page's title and, under it, its address.
///
/// Rows are made once and reused: each key shows new suggestions, and changing a row's labels costs
/// a fraction of building its seven widgets (and their styles) again in the frame that shows them.
@MainActor
final class SuggestionsView {
    static let rowHeight = 48.0
    static let headingHeight = 26.0
    let root = Box(.vertical, spacing: 0)
    /// The rows shown, in order.
    private var rows: [(button: Button, suggestion: Suggestions.Suggestion)] = []
    private var headings: [Label] = []
    private var selectedIndex: Int?
    var onChoose: ((Suggestions.Suggestion) -> Void)?
    /// Site icons for the rows (the letter of the host until, unless, WebKit has one).
    var icons: SiteIcons?
    /// Whether the list is on screen (faded in enough to be drawn and read out) at the last layout.
    var isShown = false
    /// Each group's heading and its rows, made as needed and hidden when not used.
    private let tabGroup = Group(heading: "Open Tabs")
    private let historyGroup = Group(heading: "History")

    init() {
        root.addCSSClass("skiff-suggestions")
        root.setAccessibleLabel("Suggestions")
        for group in [tabGroup, historyGroup] {
            group.heading.isVisible = false
            root.append(group.heading)
        }
    }

    var count: Int { rows.count }
    var titles: [String] { rows.map { $0.suggestion.title.isEmpty ? $0.suggestion.uri : $0.suggestion.title } }
    /// The group headings shown, in order ("Open Tabs", "History").
    var headingTexts: [String] { headings.map(\.text) }
    var preferredHeight: Double { Double(rows.count) * Self.rowHeight + Double(headings.count) * Self.headingHeight + 12 }
    var selected: Suggestions.Suggestion? { selectedIndex.map { rows[$0].suggestion } }

    func show(_ suggestions: [Suggestions.Suggestion]) {
        if let selectedIndex { rows[selectedIndex].button.removeCSSClass("selected") }
        selectedIndex = nil
        let tabs = suggestions.filter { if case .switchToTab = $0.kind { true } else { false } }
        let history = suggestions.filter { $0.kind == .history }
        fill(tabGroup, with: tabs)
        fill(historyGroup, with: history)
        rows = (tabGroup.rows.prefix(tabs.count) + historyGroup.rows.prefix(history.count)).map { ($0.button, $0.suggestion) }
        headings = [tabGroup, historyGroup].filter(\.heading.isVisible).map(\.heading)
    }

    /// Shows `suggestions` in `group`'s rows, making rows (after the group's last) when there are
    /// not enough, and hiding the rest.
    private func fill(_ group: Group, with suggestions: [Suggestions.Suggestion]) {
        group.heading.isVisible = !suggestions.isEmpty
        while group.rows.count < suggestions.count {
            let row = SuggestionRow(onChoose: { [weak self] suggestion in self?.onChoose?(suggestion) })
            root.insert(row.button, after: group.rows.last?.button ?? group.heading)
            group.rows.append(row)
        }
        for (index, row) in group.rows.enumerated() {
            if index < suggestions.count {
                row.show(suggestions[index], icons: icons)
                row.button.isVisible = true
            } else {
                row.button.isVisible = false
            }
        }
    }

    @MainActor
    private final class Group {
        let heading: Label
        var rows: [SuggestionRow] = []
        init(heading text: String) {
            heading = Label(heading: text)
            heading.setXAlign(0)
            heading.addCSSClass("skiff-suggestion-heading")
        }
    }

    /// The address as a person reads it: no scheme, no trailing slash.
    static func displayAddress(_ uri: String) -> String {
        var text = uri
        for scheme in ["https://", "http://"] where text.hasPrefix(scheme) { text.removeFirst(scheme.count) }
        if text.hasSuffix("/") { text.removeLast() }
        return text
    }

    func clear() { show([]) }

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

/// One suggestion row: an icon (the host's letter until the site's icon is known), the title and,
/// under it, the address. Reused for whatever the list shows next.
@MainActor
private final class SuggestionRow {
    let button: Button
    private let titleLabel = Label("")
    private let addressLabel = Label("")
    private let iconHolder = Box(.horizontal, spacing: 0)
    /// The host's letter while it stands in for the icon (kept so the icon can replace it).
    private var letter: Label?
    private(set) var suggestion = Suggestions.Suggestion(kind: .history, uri: "", title: "")

    init(onChoose: @escaping @MainActor (Suggestions.Suggestion) -> Void) {
        for label in [titleLabel, addressLabel] {
            label.setXAlign(0)
            label.ellipsizeEnd()
        }
        titleLabel.addCSSClass("skiff-suggestion-title")
        addressLabel.addCSSClass("skiff-suggestion-address")
        let lines = Box(.vertical, spacing: 1)
        lines.valign = .center
        lines.hexpand = true
        lines.append(titleLabel)
        lines.append(addressLabel)
        iconHolder.valign = .center
        iconHolder.setSizeRequest(width: 16, height: 16)
        let content = Box(.horizontal, spacing: 10)
        content.append(iconHolder)
        content.append(lines)
        button = Button(child: content)
        button.hasFrame = false
        button.addCSSClass("skiff-suggestion")
        button.onClicked { [weak self] in
            guard let self else { return }
            onChoose(self.suggestion)
        }
    }

    func show(_ suggestion: Suggestions.Suggestion, icons: SiteIcons?) {
        guard suggestion != self.suggestion else { return }
        let isTab: Bool = if case .switchToTab = suggestion.kind { true } else { false }
        let title = suggestion.title.isEmpty ? SuggestionsView.displayAddress(suggestion.uri) : suggestion.title
        titleLabel.text = title
        addressLabel.text = SuggestionsView.displayAddress(suggestion.uri)
        button.setAccessibleLabel(isTab ? "Switch to tab: \(title)" : title)
        button.setAccessibleDescription(suggestion.uri)
        if suggestion.uri != self.suggestion.uri { showIcon(for: suggestion.uri, icons: icons) }
        self.suggestion = suggestion
    }

    /// The site's icon if known now, else its letter, replaced when the icon arrives.
    private func showIcon(for uri: String, icons: SiteIcons?) {
        iconHolder.removeAll()
        let host = URL(string: uri)?.host.map { $0.hasPrefix("www.") ? String($0.dropFirst(4)) : $0 } ?? uri
        let letter = Label(String(host.prefix(1)).uppercased())
        letter.addCSSClass("skiff-suggestion-letter")
        iconHolder.append(letter)
        self.letter = letter
        SiteIcons.replace(letter, in: iconHolder, withIconOf: uri, from: icons) { texture in
            let image = Image(texture: texture, pixelSize: 16)
            image.addCSSClass("skiff-suggestion-icon")
            return image
        }
    }
}
