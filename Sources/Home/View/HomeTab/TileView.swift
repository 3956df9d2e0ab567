import Foundation
import Gtk
import HomeModel
import Pictures

/// One tile of the Home tab (docs/home.md, "Tiles"): picture, bold title, footnote subtitle and a
/// green action button. Corner 6 and the shadow come from the style sheet (.skiff-home-tile).
@MainActor
final class TileView {
    /// Space between a tile's edge and its text.
    static let textInset = 16.0
    let root = Box(.vertical, spacing: 0, role: .group)
    let actionButton: Button
    private let picture: Canvas
    private var image: DecodedImage?
    private var texture: (width: Int, height: Int, texture: Texture)?

    init(tile: HomeTileData, onAction: @escaping @MainActor (HomeRoute) -> Void) {
        actionButton = Button(label: tile.actionLabel)
        root.addCSSClass("skiff-home-tile")
        root.setAccessibleLabel(tile.title)
        root.clipsContent = true
        picture = Canvas(role: .img, label: tile.title, draw: { _, _, _ in })
        // Decoded off the main thread within Home's limits; a picture that cannot be shown hides its space.
        picture.isVisible = tile.image != nil
        if let url = tile.image {
            PictureLoader.load(url.path, limits: .home) { [weak self] outcome in
                guard let self else { return }
                if case let .success(decoded) = outcome {
                    self.image = decoded
                    self.picture.queueDraw()
                } else {
                    self.picture.isVisible = false
                }
            }
        }
        picture.setHeightForWidth(true)
        picture.onMeasure { orientation, forSize in
            // The pictures are 2:1; on a wide window the tile keeps a readable width.
            orientation == .horizontal ? (200, 640) : (forSize > 0 ? forSize / 2 : 160, forSize > 0 ? forSize / 2 : 320)
        }
        picture.onDraw { [weak self] snapshot, width, height in self?.drawPicture(snapshot, width: width, height: height) }
        root.append(picture)

        let text = Box(.vertical, spacing: 8)
        text.setMargins(top: Int(Self.textInset), bottom: Int(Self.textInset), start: Int(Self.textInset), end: Int(Self.textInset))
        let title = Label(tile.title)
        title.addCSSClass("skiff-home-tile-title")
        title.wraps = true
        title.maxWidthChars = 40
        title.setXAlign(0)
        text.append(title)
        let subtitle = Label(tile.subtitle)
        subtitle.addCSSClass("skiff-home-tile-subtitle")
        subtitle.wraps = true
        subtitle.maxWidthChars = 50
        subtitle.setXAlign(0)
        text.append(subtitle)
        actionButton.addCSSClass("skiff-home-action")
        actionButton.halign = .start
        actionButton.setAccessibleLabel("\(tile.actionLabel): \(tile.title)")
        let route = tile.route
        actionButton.onClicked { onAction(route) }
        text.append(actionButton)
        root.append(text)
    }

    /// Whether the tile shows its picture (decoded, and not refused).
    var showsPicture: Bool { picture.isVisible && image != nil }

    private func drawPicture(_ snapshot: Snapshot, width: Double, height: Double) {
        guard let image else { return }
        // A texture made at exactly the drawn size: scaling a picture every frame is slow in software.
        let scale = picture.scaleFactor
        let w = Int(width) * scale, h = Int(height) * scale
        if texture?.width != w || texture?.height != h, let made = image.texture(covering: w, h) {
            texture = (w, h, made)
        }
        if let texture { snapshot.texture(texture.texture, Rect(x: 0, y: 0, width: width, height: height)) }
    }
}
