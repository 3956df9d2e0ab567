import BrowserModel
import Foundation
import Gtk

/// What a tile shows of one tab.
struct OverviewTileContent: Equatable {
    var title: String
    var host: String
    /// A blank tab (nothing loaded): drawn as a placeholder, never snapshotted.
    var isBlank: Bool

    var displayTitle: String { title.isEmpty ? (isBlank ? "New Tab" : host) : title }
    /// What a screen reader says for the tile: "title — host".
    var accessibleName: String { isBlank ? "\(displayTitle) — Start Page" : host.isEmpty ? displayTitle : "\(displayTitle) — \(host)" }
    /// The site's letter, drawn where an icon would go.
    var letter: String {
        var site = host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
        // A file's name says less than its title.
        if site.isEmpty || site.contains("/") || site.hasSuffix(".html") || site.hasSuffix(".htm") { site = displayTitle }
        return site.first.map { String($0).uppercased() } ?? "•"
    }
}

/// One tab in the overview: a button (title row and thumbnail) and its close button beside it
/// (a sibling, so that a button never holds a button).
@MainActor
final class OverviewTile {
    let id: UUID
    let canvas: Canvas
    let close: Button
    var content = OverviewTileContent(title: "", host: "", isBlank: true)
    var thumbnail: RasterImage?
    var isSelected = false
    var lifted = false

    init(id: UUID) {
        self.id = id
        canvas = Canvas(role: .button, label: content.accessibleName) { _, _, _ in }
        close = Button(iconName: "window-close-symbolic", accessibleLabel: "Close New Tab")
        close.hasFrame = false
        close.addCSSClass("circular")
        close.addCSSClass("skiff-overview-close")
        // Delete closes the selected tab from the keyboard; Tab walks the tiles, not their close buttons.
        close.isFocusable = false
        canvas.isFocusable = true
        canvas.addCSSClass("skiff-overview-tile")
        canvas.onDraw { [weak self] s, w, h in self?.draw(s, width: w, height: h) }
    }

    func show(_ content: OverviewTileContent, thumbnail: RasterImage?) {
        if content != self.content {
            self.content = content
            canvas.setAccessibleLabel(content.accessibleName)
            close.setAccessibleLabel("Close \(content.displayTitle)")
            close.tooltip = "Close Tab"
        }
        if thumbnail !== self.thumbnail { self.thumbnail = thumbnail }
        canvas.queueDraw()
    }

    private func draw(_ s: Snapshot, width: Double, height: Double) {
        let colors = canvas.themeColors
        let title = TabOverviewLayout.titleHeight
        // Site letter in a disc, then the title, leaving room for the close button.
        let disc = Rect(x: 2, y: (title - 20) / 2 - 2, width: 20, height: 20)
        s.fillRounded(disc, radius: 10, color: colors.accent)
        let letter = TextLayout(widget: canvas, text: content.letter, size: 9, weight: .bold, width: 20, maxLines: 1)
        let ls = letter.size
        // Light on a dark accent, dark on a light one (the theme gives no accent foreground here).
        let onAccent = colors.accent.luminance < 0.5 ? Color(red: 1, green: 1, blue: 1) : Color(red: 0, green: 0, blue: 0)
        s.text(letter, x: disc.x + (20 - ls.width) / 2, y: disc.y + (20 - ls.height) / 2, color: onAccent)
        let text = TextLayout(widget: canvas, text: content.displayTitle, size: 10, weight: .semibold, width: max(1, width - 60), maxLines: 1)
        s.text(text, x: 30, y: (title - text.size.height) / 2 - 2, color: colors.foreground)
        Self.drawThumbnail(s, Rect(x: 0, y: title, width: width, height: height - title), texture: thumbnail,
                           content: content, colors: colors, widget: canvas, selected: isSelected, lifted: lifted)
    }

    static let radius = 10.0

    /// The picture part; also what the opening and closing zoom draws, at any size.
    static func drawThumbnail(_ s: Snapshot, _ rect: Rect, texture: RasterImage?, content: OverviewTileContent,
                              colors: ThemeColors, widget: Widget, selected: Bool, lifted: Bool, moving: Bool = false) {
        if lifted {
            s.shadow(rect, radius: radius, color: Color(red: 0, green: 0, blue: 0, alpha: 0.3), offsetX: 0, offsetY: 6, blur: 18)
        }
        s.withRoundedClip(rect, radius: radius) {
            s.fill(rect, color: colors.view)
            if let texture {
                // The page's top, covering the frame: a page is read from the top.
                let tw = Double(max(1, texture.width)), th = Double(max(1, texture.height))
                let scale = max(rect.width / tw, rect.height / th)
                s.withClip(rect) {
                    s.image(texture, in: Rect(x: rect.x + (rect.width - tw * scale) / 2, y: rect.y, width: tw * scale, height: th * scale),
                            cairo: widget.usesCairoRenderer, fast: moving)
                }
            } else {
                // A blank tab, or one not yet pictured: its letter, large, on the page's colour.
                let size = min(rect.width, rect.height) * 0.3
                let letter = TextLayout(widget: widget, text: content.isBlank ? "+" : content.letter, size: max(6, size * 0.6),
                                        weight: .bold, width: rect.width, maxLines: 1)
                let ls = letter.size
                s.text(letter, x: rect.x + (rect.width - ls.width) / 2, y: rect.y + (rect.height - ls.height) / 2,
                       color: colors.foreground.withAlpha(0.35))
            }
        }
        if selected {
            s.border(Rect(x: rect.x - 3, y: rect.y - 3, width: rect.width + 6, height: rect.height + 6),
                     radius: radius + 3, width: 3, color: colors.accent)
        } else {
            s.border(rect, radius: radius, width: 1, color: colors.foreground.withAlpha(0.15))
        }
    }
}
