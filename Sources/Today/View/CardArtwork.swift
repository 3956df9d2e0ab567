import Foundation
import Gtk
import Synchronization
import Motion
import TodayModel

/// What every card and the story draw behind their text: the image (or a placeholder in the
/// card's accent colour) and scrims that keep the text legible on any image.
@MainActor
enum CardArtwork {
    /// - Parameter scale: with a device scale, the picture is drawn from a texture made at exactly
    ///   the card's size (cards do not change size while they move); nil scales the whole picture
    ///   while drawing (the story, whose size changes every frame).
    ///   - surface: for the story under the cairo renderer: the whole picture as a surface made once
    ///     (the renderer would convert the texture anew in every frame).
    static func draw(_ content: CardContent, in bounds: Rect, images: TextureCache, snapshot: Snapshot, scale: Int? = nil,
                     surface: ((Texture) -> RasterImage?)? = nil) {
        snapshot.fill(bounds, color: content.accent)
        if let scale {
            // A card draws only its card-sized picture, made in the background; until it is ready,
            // the placeholder (scaling the whole picture in every frame would cost the renderer more).
            if let texture = images.texture(for: content.imagePath, covering: Int(bounds.width.rounded()) * scale, Int(bounds.height.rounded()) * scale) {
                snapshot.texture(texture, bounds)
            } else {
                Placeholder.draw(in: bounds, accent: content.accent, snapshot: snapshot)
            }
        } else if let texture = images.texture(for: content.imagePath) {
            if let image = surface?(texture) {
                snapshot.image(image, in: Rect.covering(bounds, width: image.width, height: image.height), cairo: true)
            } else {
                snapshot.textureCovering(texture, bounds)
            }
        } else {
            Placeholder.draw(in: bounds, accent: content.accent, snapshot: snapshot)
        }
        for scrim in CardFace.scrims(content, in: bounds) { snapshot.verticalGradient(scrim.rect, top: scrim.top, bottom: scrim.bottom) }
    }
}

/// Shown where an image is missing or unreadable: the accent colour with a soft diagonal light,
/// so the card still reads as designed rather than broken.
@MainActor
enum Placeholder {
    static func draw(in bounds: Rect, accent: Color, snapshot: Snapshot) {
        let light = CardFace.placeholder(accent)
        snapshot.verticalGradient(bounds, top: light.top, bottom: light.bottom)
    }
}
