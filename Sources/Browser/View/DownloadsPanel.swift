import BrowserModel
import Gtk

/// The toolbar's Downloads button and its list: hidden until this window's first download, then
/// a button (saying how many run and how far, to screen readers and as its tooltip, with a progress
/// ring round its icon while anything downloads) that opens a
/// list of every download — name, progress, status — with Cancel while it runs and Open / Show in
/// Folder when done. Renders `DownloadList`; what its buttons do is the owner's.
@MainActor
final class DownloadsPanel {
    let popover = Popover()
    let button: MenuButton
    private let list = Box(.vertical, spacing: 12)
    private var rows: [String: Row] = [:]
    /// Round the button's icon while anything downloads: the part done in the theme's accent over a
    /// faint full circle (only the circle while no size is known). Static: nothing to animate.
    private let ring: Canvas
    private var ringFraction: Double?
    /// The ring's line width and the room it leaves round the 16-px icon.
    static let ringWidth = 2.0
    static let ringInset = 4
    var onCancel: (@MainActor (String) -> Void)?
    var onRetry: (@MainActor (String) -> Void)?
    var onOpen: (@MainActor (String) -> Void)?
    var onShowInFolder: (@MainActor (String) -> Void)?

    @MainActor
    private final class Row {
        let root = Box(.vertical, spacing: 4)
        let name = Label("")
        let status = Label("")
        let bar = ProgressBar()
        let actions = Box(.horizontal, spacing: 6)
        let cancel = Button(label: "Cancel")
        let retry = Button(label: "Retry")
        let open = Button(label: "Open")
        let show = Button(label: "Show in Folder")
        var path: String?

        init() {
            name.setXAlign(0)
            name.addCSSClass("heading")
            name.maxWidthChars = 40
            status.setXAlign(0)
            status.addCSSClass("dim-label")
            status.wraps = true
            status.maxWidthChars = 40
            for button in [cancel, retry, open, show] { actions.append(button) }
            for widget in [name, status, bar, actions] as [Widget] { root.append(widget) }
        }
    }

    init() {
        button = MenuButton(iconName: "folder-download-symbolic", accessibleLabel: "Downloads", popover: popover)
        ring = Canvas(role: .progressBar, label: "Downloading") { _, _, _ in }
        ring.canTarget = false
        ring.isVisible = false
        let icon = Image(iconName: "folder-download-symbolic", pixelSize: 16)
        icon.setMargins(top: Self.ringInset, bottom: Self.ringInset, start: Self.ringInset, end: Self.ringInset)
        let face = Overlay()
        face.setChild(icon)
        face.addOverlay(ring)
        button.setChild(face)
        ring.onDraw { [weak self] snapshot, width, height in self?.drawRing(snapshot, width: width, height: height) }
        button.isVisible = false
        list.setMargins(top: 8, bottom: 8, start: 8, end: 8)
        list.setAccessibleLabel("Downloads")
        popover.setChild(list)
        popover.opensUpward()
        // Ending at the button's right edge, not centred on it: the button is the toolbar's last, and a
        // centred list ran past the window's right edge (GTK anchors a popover by its halign).
        popover.halign = .end
    }

    func render(_ model: DownloadList) {
        button.isVisible = !model.isEmpty
        button.setAccessibleDescription(model.summary)
        button.tooltip = "Downloads: \(model.summary)"
        if model.activeCount > 0 { button.addCSSClass("skiff-downloading") } else { button.removeCSSClass("skiff-downloading") }
        showRing(model)
        let ids = Set(model.entries.map(\.id))
        for (id, row) in rows where !ids.contains(id) {
            list.remove(row.root)
            rows[id] = nil
        }
        for entry in model.entries.reversed() {
            let row = rows[entry.id] ?? makeRow(id: entry.id)
            if row.name.text != entry.name {
                row.name.text = entry.name
                row.cancel.setAccessibleLabel("Cancel download of \(entry.name)")
                row.retry.setAccessibleLabel("Retry download of \(entry.name)")
                row.open.setAccessibleLabel("Open \(entry.name)")
                row.show.setAccessibleLabel("Show \(entry.name) in Folder")
            }
            let status = DownloadList.status(of: entry)
            if row.status.text != status { row.status.text = status }
            row.root.setAccessibleLabel("\(entry.name): \(status)")
            let fraction = DownloadList.fraction(of: entry)
            row.bar.isVisible = fraction != nil
            if let fraction { row.bar.fraction = fraction }
            var done = false
            if case .done(let path, _) = entry.state { row.path = path; done = true }
            row.cancel.isVisible = entry.state.isActive
            row.retry.isVisible = entry.canRetry
            row.open.isVisible = done
            row.show.isVisible = done
            row.actions.isVisible = entry.state.isActive || done || entry.canRetry
        }
    }

    /// New rows go on top: the newest download first.
    private func makeRow(id: String) -> Row {
        let row = Row()
        row.cancel.onClicked { [weak self] in self?.onCancel?(id) }
        row.retry.onClicked { [weak self] in self?.onRetry?(id) }
        row.open.onClicked { [weak self, weak row] in if let path = row?.path { self?.onOpen?(path) } }
        row.show.onClicked { [weak self, weak row] in if let path = row?.path { self?.onShowInFolder?(path) } }
        list.prepend(row.root)
        rows[id] = row
        return row
    }

    private func showRing(_ model: DownloadList) {
        ring.isVisible = model.progressText != nil
        guard let text = model.progressText else { return }
        // The ring's own name and value, read by a screen reader as "Downloading, 40 %".
        if ring.accessibleLabel != text { ring.setAccessibleLabel(text) }
        let fraction = model.progress
        guard fraction != ringFraction else { return }
        ringFraction = fraction
        if let fraction { ring.setAccessibleValue(fraction) }
        ring.queueDraw()
    }

    private func drawRing(_ snapshot: Snapshot, width: Double, height: Double) {
        let colors = ring.themeColors
        let radius = min(width, height) / 2 - Self.ringWidth / 2
        guard radius > 0 else { return }
        snapshot.paint(Rect(x: 0, y: 0, width: width, height: height)) { painter in
            painter.setLineWidth(Self.ringWidth)
            painter.setColor(colors.foreground.withAlpha(0.2))
            painter.strokeArc(width / 2, height / 2, radius: radius, from: 0, to: 2 * .pi)
            guard let fraction = ringFraction, fraction > 0 else { return }
            painter.setColor(colors.accent)
            painter.setRoundCaps()
            painter.strokeArc(width / 2, height / 2, radius: radius, from: -.pi / 2, to: -.pi / 2 + 2 * .pi * min(1, fraction))
        }
    }
}
