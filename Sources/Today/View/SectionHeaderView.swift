import Foundation
import Gtk
import TodayModel

/// A section's header: the date in small capitals, the title ("Today") large beneath it, and on
/// the first section the round profile picture. It scrolls with the cards (not sticky).
@MainActor
final class SectionHeaderView {
    static let profileSize = 40.0
    static let sideInset = 20.0

    let canvas: Canvas
    var section: Int?
    private var header: HeaderContent?
    private var profileImagePath: String?
    private let images: TextureCache

    init(images: TextureCache) {
        self.images = images
        canvas = Canvas(role: .heading, label: "Today") { _, _, _ in }
        canvas.onDraw { [weak self] snapshot, w, h in self?.draw(snapshot, width: w, height: h) }
    }

    func show(_ header: HeaderContent, profileImagePath: String?) {
        self.header = header
        self.profileImagePath = profileImagePath
        canvas.setAccessibleLabel("\(header.title), \(header.dateText)")
        canvas.queueDraw()
    }

    private func draw(_ snapshot: Snapshot, width: Double, height: Double) {
        guard let header else { return }
        let textWidth = width - 2 * Self.sideInset - Self.profileSize - 12
        let date = TextLayout(widget: canvas, text: header.dateText.uppercased(), size: 10, weight: .semibold, width: textWidth, maxLines: 1, letterSpacing: 0.4)
        let title = TextLayout(widget: canvas, text: header.title, size: 25, weight: .heavy, width: textWidth, maxLines: 1)
        let bottom = height - 8
        let titleY = bottom - title.size.height
        let colors = canvas.themeColors
        snapshot.text(date, x: Self.sideInset, y: titleY - date.size.height, color: colors.foreground.withAlpha(0.6))
        snapshot.text(title, x: Self.sideInset, y: titleY, color: colors.foreground)
        guard let path = profileImagePath else { return }
        let picture = Rect(x: width - Self.sideInset - Self.profileSize, y: bottom - Self.profileSize - 2, width: Self.profileSize, height: Self.profileSize)
        snapshot.withRoundedClip(picture, radius: Self.profileSize / 2) {
            if let texture = images.texture(for: path) {
                snapshot.textureCovering(texture, picture)
            } else {
                snapshot.fill(picture, color: Color(red: 0.75, green: 0.76, blue: 0.8))
            }
        }
        // The original's 0.5-pt hairline around the picture.
        snapshot.border(picture, radius: Self.profileSize / 2, width: 0.5, color: colors.foreground.withAlpha(0.25))
    }
}
