import Gtk

/// A bar over the feed that lists what could not be shown (skipped cards, missing images) so an
/// author can fix the feed, without hiding the cards that did load. Dismissable.
@MainActor
final class ProblemBanner {
    static let maximumListed = 6
    let root = Revealer()
    private let label = Label()
    private var lines: [String] = []

    init() {
        let row = Box(.horizontal, spacing: 12)
        row.addCSSClass("today-problems")
        label.wraps = true
        label.setXAlign(0)
        label.hexpand = true
        let close = Button(iconName: "window-close-symbolic", accessibleLabel: "Dismiss")
        close.hasFrame = false
        close.valign = .start
        close.onClicked { [weak self] in self?.root.revealsChild = false }
        row.append(label)
        row.append(close)
        root.setChild(row)
        root.setAccessibleLabel("Feed problems")
        root.revealsChild = false
    }

    func add(_ messages: [String]) {
        // A problem already listed is not listed again (a feed failing at every refresh).
        let new = messages.filter { !lines.contains($0) }
        guard !new.isEmpty else { return }
        lines += new
        let shown = lines.prefix(Self.maximumListed).map { "• " + $0 }.joined(separator: "\n")
        let more = lines.count > Self.maximumListed ? "\nand \(lines.count - Self.maximumListed) more" : ""
        label.text = "Some of this feed could not be shown:\n" + shown + more
        root.revealsChild = true
    }

    var text: String? { lines.isEmpty ? nil : label.text }
}
