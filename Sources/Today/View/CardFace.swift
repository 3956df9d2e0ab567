import Foundation
import Gtk
import Synchronization
import Motion
import TodayModel

/// Lets a look queued for painting be dropped before it is painted (the card was given another).
final class LookTicket: Sendable {
    private let wanted = Atomic<Bool>(true)
    var isWanted: Bool { wanted.load(ordering: .relaxed) }
    func cancel() { wanted.store(false, ordering: .relaxed) }
}

/// A card's look as data, and painted with cairo (`CardLook.cached`): the one description that the
/// node-by-node drawing (`CardView.drawLook`) and the painting queue both follow.
enum CardFace {
    static let cornerRadius = 14.0
    static let textInset = 20.0

    /// The feed's icon before the eyebrow: its side, corner and the space after it.
    static let iconSide = 16.0
    static let iconRadius = 4.0
    static let iconGap = 6.0

    /// Where the icon goes: at the eyebrow's start, centred on its line.
    static func iconFrame(eyebrowY: Double, eyebrowHeight: Double) -> Rect {
        Rect(x: textInset, y: eyebrowY + (eyebrowHeight - iconSide) / 2, width: iconSide, height: iconSide)
    }

    static func texts(_ content: CardContent, width: Double) -> (eyebrow: TextSpec, title: TextSpec, subtitle: TextSpec?) {
        let textWidth = width - 2 * textInset
        // Room for the icon whenever the feed has one, so the line breaks the same when it arrives.
        let eyebrowWidth = textWidth - (content.iconPath == nil ? 0 : iconSide + iconGap)
        return (TextSpec(content.eyebrow.uppercased(), size: 10.5, weight: .bold, width: eyebrowWidth, maxLines: 1, letterSpacing: 0.6),
                TextSpec(content.title, size: width < 300 ? 19 : 23, weight: .heavy, width: textWidth, maxLines: 3),
                content.subtitle.map { TextSpec($0, size: 11.5, weight: .semibold, width: textWidth, maxLines: 2) })
    }

    static func inks(_ content: CardContent) -> (ink: Color, faded: Color) {
        let ink = content.lightText ? Color(red: 1, green: 1, blue: 1) : Color(red: 0.07, green: 0.07, blue: 0.09)
        return (ink, Color(red: ink.red, green: ink.green, blue: ink.blue, alpha: 0.72))
    }

    /// Eyebrow and title from the top, the subtitle on the bottom edge.
    static func textOrigins(eyebrowHeight: Double, subtitleHeight: Double?, height: Double) -> (eyebrow: Double, title: Double, subtitle: Double?) {
        (textInset, textInset + eyebrowHeight + 4, subtitleHeight.map { height - textInset - $0 })
    }

    /// The two gradients that keep text legible on any picture: a band from the top, a shorter one at the bottom.
    static func scrims(_ content: CardContent, in bounds: Rect) -> [(rect: Rect, top: Color, bottom: Color)] {
        let shade = content.lightText ? Color(red: 0, green: 0, blue: 0, alpha: 0.42) : Color(red: 1, green: 1, blue: 1, alpha: 0.5)
        let clear = Color(red: shade.red, green: shade.green, blue: shade.blue, alpha: 0)
        let band = min(150, bounds.height * 0.45)
        return [(Rect(x: bounds.x, y: bounds.y, width: bounds.width, height: band), shade, clear),
                (Rect(x: bounds.x, y: bounds.y + bounds.height - band * 0.7, width: bounds.width, height: band * 0.7), clear, shade)]
    }

    /// The placeholder's soft diagonal light over the accent colour: top and bottom of its gradient.
    static func placeholder(_ accent: Color) -> (top: Color, bottom: Color) {
        (Color(red: min(1, accent.red + 0.18), green: min(1, accent.green + 0.18), blue: min(1, accent.blue + 0.18)), accent)
    }

    /// Paints the look with cairo (on the painting queue, or on the main thread for a frame that needs it now).
    static func paint(_ content: CardContent, painter: OffscreenPainter, picture: OffscreenPicture?, icon: OffscreenPicture? = nil,
                      width: Double, height: Double) {
        let bounds = Rect(x: 0, y: 0, width: width, height: height)
        painter.withRoundedClip(bounds, radius: cornerRadius) {
            painter.fill(bounds, color: content.accent)
            if let picture {
                painter.picture(picture, in: bounds)
            } else {
                let light = placeholder(content.accent)
                painter.verticalGradient(bounds, top: light.top, bottom: light.bottom)
            }
            for scrim in scrims(content, in: bounds) { painter.verticalGradient(scrim.rect, top: scrim.top, bottom: scrim.bottom) }
            let specs = texts(content, width: width)
            guard let eyebrow = painter.layout(specs.eyebrow), let title = painter.layout(specs.title) else { return }
            let subtitle = specs.subtitle.flatMap { painter.layout($0) }
            let inks = inks(content)
            let place = textOrigins(eyebrowHeight: eyebrow.size.height, subtitleHeight: subtitle?.size.height, height: height)
            var eyebrowX = textInset
            if let icon {
                let frame = iconFrame(eyebrowY: place.eyebrow, eyebrowHeight: eyebrow.size.height)
                painter.withRoundedClip(frame, radius: iconRadius) { painter.picture(icon, in: frame) }
                eyebrowX += iconSide + iconGap
            }
            painter.text(eyebrow, x: eyebrowX, y: place.eyebrow, color: inks.faded)
            painter.text(title, x: textInset, y: place.title, color: inks.ink)
            if let subtitle, let y = place.subtitle { painter.text(subtitle, x: textInset, y: y, color: inks.faded) }
        }
    }
}
