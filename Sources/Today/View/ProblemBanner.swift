import Gtk

/// A bar over the feed that lists what could not be shown (skipped cards, missing images) so an
/// author can fix the feed, without hiding the cards that did load; and, quietly (no heading, the
/// theme's colours, not the warning's), a status such as "Offline · updated 2 hours ago". Dismissable.
@MainActor
final class ProblemBanner {
    static let maximumListed = 6
    let root = Revealer()
    private let label = Label()
    private var lines: [String] = []
    private var status: String?
    private let row = Box(.horizontal, spacing: 12)

    init() {
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
        render()
        root.revealsChild = true
    }

    /// The status line ("Offline · updated 2 hours ago"), above any problems; nil takes it away (and
    /// the bar with it when nothing else is listed).
    func setStatus(_ text: String?) {
        guard text != status else { return }
        status = text
        render()
        if text != nil { root.revealsChild = true } else if lines.isEmpty { root.revealsChild = false }
    }

    private func render() {
        var parts: [String] = []
        if let status { parts.append(status) }
        if !lines.isEmpty {
            let shown = lines.prefix(Self.maximumListed).map { "• " + $0 }.joined(separator: "\n")
            let more = lines.count > Self.maximumListed ? "\nand \(lines.count - Self.maximumListed) more" : ""
            parts.append("Some of this feed could not be shown:\n" + shown + more)
        }
        label.text = parts.joined(separator: "\n")
        // Only a status: the quiet look.
        if lines.isEmpty { row.addCSSClass("today-status") } else { row.removeCSSClass("today-status") }
    }

    var text: String? { lines.isEmpty && status == nil ? nil : label.text }
}
