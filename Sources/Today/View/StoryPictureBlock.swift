import Gtk
import TodayModel

/// One picture between a story's paragraphs: fetched and decoded by Today's `TextureCache` (its limits,
/// off the main thread), drawn at the column's width or its own if narrower, never taller than
/// `maximumHeight`. Until it is decoded it holds its declared shape (else `placeholderAspect`) in the
/// theme's colours; a picture that cannot be had takes no room at all. Its accessible name is the
/// article's `alt` text (docs/feeds.md, "Cards and stories").
@MainActor
final class StoryPictureBlock {
    /// Width ÷ height held for a picture that declares no size, until it is decoded.
    static let placeholderAspect = 16.0 / 9.0
    /// Points: a taller picture is scaled down to this height (a long infographic stays readable
    /// around, and the story scrolls past it).
    static let maximumHeight = 900.0
    static let cornerRadius = 8.0

    let picture: StoryText.Picture
    let canvas: Canvas
    private let images: TextureCache

    init(_ picture: StoryText.Picture, images: TextureCache) {
        self.picture = picture
        self.images = images
        canvas = Canvas(role: .img, label: picture.label) { _, _, _ in }
        canvas.addCSSClass("today-story-picture")
        canvas.setHeightForWidth(true)
        // As wide as the picture (the column's width at most): what the accessibility tree reports is
        // where the picture is.
        canvas.halign = .center
        canvas.onMeasure { [weak self] orientation, forSize in
            guard let self else { return (0, 0) }
            let shape = self.shape
            let natural = min(StoryView.readingWidth, shape.width ?? StoryView.readingWidth)
            if orientation == .horizontal { return (0, Int(natural.rounded())) }
            // The column offers its whole width; centred, the canvas takes no more than its natural width.
            let width = forSize > 0 ? min(Double(forSize), natural) : natural
            let height = Int(min(Self.maximumHeight, width / shape.aspect).rounded())
            return (height, height)
        }
        canvas.onDraw { [weak self] snapshot, width, height in self?.draw(snapshot, width: width, height: height) }
    }

    /// The picture's width in points when known (decoded, else declared) and its width ÷ height.
    private var shape: (width: Double?, aspect: Double) {
        if let size = images.pictureSize(for: picture.address), size.width > 0, size.height > 0 {
            return (Double(size.width) / Double(max(1, canvas.scaleFactor)), Double(size.width) / Double(size.height))
        }
        return (picture.declaredWidth.map(Double.init), picture.aspect ?? Self.placeholderAspect)
    }

    /// The picture (or its placeholder) in the canvas: its whole width, centred if the height was capped.
    private func frame(width: Double, height: Double) -> Rect {
        let shown = min(width, (height * shape.aspect).rounded())
        return Rect(x: ((width - shown) / 2).rounded(), y: 0, width: shown, height: height)
    }

    private func draw(_ snapshot: Snapshot, width: Double, height: Double) {
        let frame = frame(width: width, height: height)
        let scale = Double(max(1, canvas.scaleFactor))
        snapshot.withRoundedClip(frame, radius: Self.cornerRadius) {
            if let texture = images.texture(for: picture.address, covering: Int(frame.width * scale), Int(frame.height * scale)) {
                snapshot.texture(texture, frame)
            } else {
                let colours = canvas.themeColors
                snapshot.fill(frame, color: colours.foreground.withAlpha(colours.isDark ? 0.12 : 0.07))
            }
        }
    }

    /// Something was fetched or decoded: takes its shape, shows it, or gives its room up.
    func refresh() {
        if images.isUnavailable(picture.address) {
            canvas.isVisible = false
            return
        }
        if !hasItsShape, images.pictureSize(for: picture.address) != nil {
            hasItsShape = true
            canvas.queueResize()
        }
        canvas.queueDraw()
    }

    /// Whether the layout has the decoded picture's shape (the placeholder's before).
    private var hasItsShape = false
}
