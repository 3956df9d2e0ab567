import Foundation
import Gtk
import Synchronization
import Motion
import TodayModel

/// One card of the feed: image, eyebrow, title and subtitle over a rounded, shadowed surface.
/// Pooled by the grid: `show(_:)` gives it another card's content as the feed scrolls.
@MainActor
final class CardView {
    static let cornerRadius = CardFace.cornerRadius
    /// Shadow from docs/mechanics.md: black, radius 14, opacity 0.22. GSK's blur radius is a
    /// Gaussian's extent, roughly twice Core Animation's shadowRadius for the same look.
    static let shadowOpacity = 0.22
    static let shadowBlur = 28.0
    static let textInset = 20.0
    static let focusRingWidth = 3.0

    let canvas: Canvas
    private(set) var content: CardContent?
    private(set) var index: CardIndex?
    private var press = CardPress()
    private let ticker: FrameTicker
    private let images: TextureCache
    private var texts: (width: Double, eyebrow: TextLayout, title: TextLayout, subtitle: TextLayout?)?

    /// The look painted as one image (`CardLook.cached`), and what it was painted from.
    private var look: (key: CardLookKey, image: RasterImage)?
    /// Whether the card's last drawing showed its picture (or it has none): what the fling benchmark
    /// waits for (`TodayDrawLog`).
    private(set) var showsPicture = false
    /// The shared pointer-following shadow offset, read at draw time.
    var shadowOffset: () -> (x: Double, y: Double) = { (0, 8) }
    /// Called when the card is activated (click, Enter, Space).
    var onActivate: ((CardIndex) -> Void)?
    /// A right click (at the pointer) or the Menu key / Shift+F10 (at the card's middle): the
    /// card's menu, at a point in the card's coordinates.
    var onContextMenu: ((CardIndex, _ x: Double, _ y: Double) -> Void)?

    init(images: TextureCache) {
        self.images = images
        canvas = Canvas(role: .button, label: "Card") { _, _, _ in }
        ticker = FrameTicker(widget: canvas)
        canvas.isFocusable = true
        canvas.addCSSClass("today-card")
        canvas.onDraw { [weak self] snapshot, w, h in self?.draw(snapshot, width: w, height: h) }
        installInput()
    }

    func show(_ content: CardContent, at index: CardIndex) {
        self.index = index
        // The same article read since: its dot goes, its description changes.
        guard content.id != self.content?.id || content.unread != self.content?.unread || content.starred != self.content?.starred else { return }
        self.content = content
        texts = nil
        look = nil
        painting?.ticket.cancel()
        painting = nil
        showsPicture = false
        press = CardPress()
        canvas.setAccessibleLabel(content.title)
        canvas.setAccessibleDescription(content.accessibleDescription)
        canvas.queueDraw()
    }

    // MARK: Input

    private func installInput() {
        let click = GestureClick()
        click.onPressed { [weak self] _, _, _ in self?.pressDown() }
        click.onReleased { [weak self] _, x, y in
            guard let self else { return }
            self.pressUp()
            // A release outside the card is a cancelled press, as with any button.
            if x >= 0, y >= 0, x <= Double(self.canvas.width), y <= Double(self.canvas.height), let index = self.index {
                self.onActivate?(index)
            }
        }
        click.onCancel { [weak self] in self?.pressUp() }
        click.onStopped { [weak self] in self?.pressUp() }
        canvas.addController(click)

        let secondary = GestureClick()
        secondary.setButton(3)
        secondary.onPressed { [weak self] _, x, y in
            guard let self, let index = self.index else { return }
            self.onContextMenu?(index, x, y)
        }
        canvas.addController(secondary)

        // A long press opens the menu too (a touchscreen has no right button); claimed, it cancels
        // the click, so the story does not open under the menu.
        let hold = GestureLongPress()
        hold.onPressed { [weak self, weak hold] x, y in
            guard let self, let index = self.index else { return }
            hold?.claim()
            self.onContextMenu?(index, x, y)
        }
        canvas.addController(hold)

        let keys = EventControllerKey()
        keys.onPressed { [weak self] key, modifiers in
            guard let self, modifiers.isDisjoint(with: [.control, .alt]) else { return false }
            if key == Key.menu || (key == Key.f10 && modifiers.contains(.shift)), let index = self.index {
                self.onContextMenu?(index, Double(self.canvas.width) / 2, Double(self.canvas.height) / 3)
                return true
            }
            switch key {
            case Key.space, Key.enter, Key.kpEnter:
                self.pressDown()
                return true
            default: return false
            }
        }
        keys.onReleased { [weak self] key, _ in
            guard let self else { return false }
            switch key {
            case Key.space, Key.enter, Key.kpEnter:
                self.pressUp()
                if let index = self.index { self.onActivate?(index) }
                return true
            default: return false
            }
        }
        canvas.addController(keys)

        let focus = EventControllerFocus()
        focus.onEnter { [weak self] in self?.canvas.queueDraw() }
        focus.onLeave { [weak self] in self?.canvas.queueDraw() }
        canvas.addController(focus)
    }

    /// Whether the card is held down (shrunk, or shrinking).
    var isPressed: Bool { press.isPressed }

    private func pressDown() {
        press.animationsEnabled = Widget.animationsEnabled
        press.press(now: FrameTicker.now(for: canvas))
        animatePress()
    }

    private func pressUp() {
        press.animationsEnabled = Widget.animationsEnabled
        press.release(now: FrameTicker.now(for: canvas))
        animatePress()
    }

    private func animatePress() {
        canvas.queueDraw()
        ticker.start { [weak self] now in
            guard let self else { return false }
            let moving = self.press.tick(now: now)
            self.canvas.queueDraw()
            return moving
        }
    }

    // MARK: Drawing

    private func draw(_ snapshot: Snapshot, width: Double, height: Double) {
        guard let content else { return }
        let scale = press.scale(at: FrameTicker.now(for: canvas))
        snapshot.withTransform(translateX: width / 2 * (1 - scale), translateY: height / 2 * (1 - scale), scaleX: scale, scaleY: scale) {
            let bounds = Rect(x: 0, y: 0, width: width, height: height)
            let offset = shadowOffset()
            snapshot.shadow(bounds, radius: Self.cornerRadius, color: Color(red: 0, green: 0, blue: 0, alpha: Self.shadowOpacity),
                            offsetX: offset.x, offsetY: offset.y, blur: Self.shadowBlur)
            if CardLook.current == .cached, let image = paintedLook(content, width: width, height: height) {
                // The cairo renderer paints the image's surface as it is; GL draws it as a texture.
                snapshot.images([(image, 0, 0)], in: bounds, cairo: canvas.usesCairoRenderer)
            } else {
                look = nil
                let picture = pictureReady(content, width: width, height: height)
                let icon = picture ? nil : self.icon(content)
                showsPicture = (content.imagePath == nil || picture) && (picture || iconSettled(content, icon))
                drawLook(snapshot, content: content, width: width, height: height, icon: icon)
            }
            if content.unread { drawUnreadDot(snapshot, width: width) }
            if content.starred { drawStar(snapshot, width: width, besideDot: content.unread) }
            if canvas.hasVisibleFocus {
                let ring = Rect(x: -Self.focusRingWidth - 2, y: -Self.focusRingWidth - 2,
                                width: width + 2 * (Self.focusRingWidth + 2), height: height + 2 * (Self.focusRingWidth + 2))
                snapshot.border(ring, radius: Self.cornerRadius + Self.focusRingWidth + 2, width: Self.focusRingWidth, color: canvas.themeColors.accent)
            }
        }
    }

    static let unreadDotSize = 12.0

    /// An unread article's mark: a dot in the card's top corner, in the theme's accent colour with a
    /// white ring so it shows on any picture or feed colour.
    private func drawUnreadDot(_ snapshot: Snapshot, width: Double) {
        let size = Self.unreadDotSize
        let ring = Rect(x: width - Self.textInset - size - 2, y: Self.textInset - 2, width: size + 4, height: size + 4)
        snapshot.fillRounded(ring, radius: ring.width / 2, color: Color(red: 1, green: 1, blue: 1))
        let dot = Rect(x: ring.x + 2, y: ring.y + 2, width: size, height: size)
        snapshot.fillRounded(dot, radius: size / 2, color: canvas.themeColors.accent)
    }

    /// A starred article's mark: a star on an accent disc with a white ring, left of the unread dot
    /// (or in its place).
    private func drawStar(_ snapshot: Snapshot, width: Double, besideDot: Bool) {
        let size = Self.unreadDotSize + 8
        let right = width - Self.textInset - (besideDot ? Self.unreadDotSize + 8 : 0)
        let ring = Rect(x: right - size - 2, y: Self.textInset - 6, width: size + 4, height: size + 4)
        snapshot.fillRounded(ring, radius: ring.width / 2, color: Color(red: 1, green: 1, blue: 1))
        let disc = Rect(x: ring.x + 2, y: ring.y + 2, width: size, height: size)
        snapshot.fillRounded(disc, radius: size / 2, color: canvas.themeColors.accent)
        let star = starLayout ?? TextLayout(widget: canvas, text: "★", size: 11, weight: .bold, width: size, maxLines: 1)
        starLayout = star
        snapshot.text(star, x: disc.x + (size - star.size.width) / 2, y: disc.y + (size - star.size.height) / 2, color: Color(red: 1, green: 1, blue: 1))
    }
    private var starLayout: TextLayout?

    /// Picture, scrims and text inside the rounded corners, as nodes (the cairo renderer's way).
    private func drawLook(_ snapshot: Snapshot, content: CardContent, width: Double, height: Double, icon: Texture?) {
        let bounds = Rect(x: 0, y: 0, width: width, height: height)
        snapshot.withRoundedClip(bounds, radius: Self.cornerRadius) {
            CardArtwork.draw(content, in: bounds, images: self.images, snapshot: snapshot, scale: self.canvas.scaleFactor)
            self.drawTexts(snapshot, content: content, width: width, height: height, icon: icon)
        }
    }

    /// The feed's icon at the size drawn, if it is ready; asking starts it otherwise.
    private func icon(_ content: CardContent, asking: Bool = true) -> Texture? {
        guard content.iconPath != nil else { return nil }
        let side = Int(CardFace.iconSide) * canvas.scaleFactor
        return asking ? images.texture(for: content.iconPath, covering: side, side) : images.readyTexture(for: content.iconPath, covering: side, side)
    }

    /// Whether the designed look is final as far as the icon goes: drawn, none, or none to come.
    private func iconSettled(_ content: CardContent, _ icon: Texture?) -> Bool {
        icon != nil || content.iconPath == nil || images.isUnavailable(content.iconPath)
    }

    /// The card-sized picture, if it is ready; asking starts its scaling in the background otherwise
    /// (so this is also how a card a screen ahead of the viewport prefetches its picture). With
    /// `asking` false nothing is started.
    @discardableResult
    private func picture(_ content: CardContent, width: Double, height: Double, asking: Bool = true) -> Texture? {
        let scale = canvas.scaleFactor, w = Int(width.rounded()) * scale, h = Int(height.rounded()) * scale
        return asking ? images.texture(for: content.imagePath, covering: w, h) : images.readyTexture(for: content.imagePath, covering: w, h)
    }

    private func pictureReady(_ content: CardContent, width: Double, height: Double) -> Bool {
        picture(content, width: width, height: height) != nil
    }

    private func lookKey(_ content: CardContent, width: Double, height: Double, asking: Bool = true) -> CardLookKey {
        let picture = picture(content, width: width, height: height, asking: asking)
        return CardLookKey(contentID: content.id, width: width, height: height, scale: canvas.scaleFactor,
                           picture: picture.map(ObjectIdentifier.init),
                           icon: picture == nil ? icon(content, asking: asking).map(ObjectIdentifier.init) : nil)
    }

    /// Whether the look painted for `key` is what the card will show (its picture, or its designed look with
    /// its icon if it has one coming).
    private func isFinal(_ content: CardContent, _ key: CardLookKey) -> Bool {
        key.picture != nil || (content.imagePath == nil && (key.icon != nil || content.iconPath == nil || images.isUnavailable(content.iconPath)))
    }

    /// The card's look as one texture, painted again only when what it shows changed (another card,
    /// another size, its picture arrived). One per pooled card, so at most the pool's size.
    /// A card that comes on screen without its look, or whose picture has just arrived, paints it now,
    /// in this frame (1–3 ms): waiting for the painting queue instead kept a fling's landing cards on
    /// their placeholders 150 ms longer under GL (docs/performance.md).
    private func paintedLook(_ content: CardContent, width: Double, height: Double) -> RasterImage? {
        let key = lookKey(content, width: width, height: height)
        if let look, look.key == key {
            showsPicture = isFinal(content, key)
            return look.image
        }
        guard let image = paintNow(content, key: key) else { return nil }
        showsPicture = isFinal(content, key)
        return image
    }

    /// What painting the look for `key` takes, wherever it is painted: the card's fonts, its picture (if
    /// it has one) and the drawing.
    private func faceJob(_ content: CardContent, key: CardLookKey)
        -> (fonts: FontSetup, pictures: [Texture], draw: @Sendable (OffscreenPainter, [OffscreenPicture]) -> Void) {
        let picture = key.picture == nil ? nil : picture(content, width: key.width, height: key.height)
        let icon = key.icon == nil ? nil : icon(content)
        let width = key.width, height = key.height, hasPicture = picture != nil, hasIcon = icon != nil
        return (FontSetup(widget: canvas), [picture, icon].compactMap { $0 }, { painter, pictures in
            CardFace.paint(content, painter: painter, picture: hasPicture ? pictures.first : nil, icon: hasIcon ? pictures.last : nil,
                           width: width, height: height)
        })
    }

    private func paintNow(_ content: CardContent, key: CardLookKey) -> RasterImage? {
        look = nil
        painting?.ticket.cancel()
        painting = nil
        let started = TodayDrawLog.isEnabled ? TodayDrawLog.now() : 0
        let job = faceJob(content, key: key)
        guard let image = OffscreenPaintingQueue.paintNow(width: key.width, height: key.height, scale: key.scale, fonts: job.fonts,
                                                           pictures: job.pictures, job.draw) else { return nil }
        if TodayDrawLog.isEnabled { TodayDrawLog.painted(started: started, milliseconds: TodayDrawLog.now() - started, where: .frame, withPicture: key.picture != nil) }
        look = (key, image)
        CardLook.paintings += 1
        return image
    }

    /// The look in flight on the painting queue, and the ticket that lets it be dropped unpainted.
    private var painting: (key: CardLookKey, ticket: LookTicket)?

    /// Paints the look for `key` on the painting queue; the card draws it when it arrives.
    private func paintInBackground(_ content: CardContent, key: CardLookKey) {
        if let painting, painting.key == key { return }
        painting?.ticket.cancel()
        let ticket = LookTicket()
        painting = (key, ticket)
        let started = TodayDrawLog.isEnabled ? TodayDrawLog.now() : 0
        let job = faceJob(content, key: key)
        Self.paintingQueue.paint(width: key.width, height: key.height, scale: key.scale, fonts: job.fonts,
                                 pictures: job.pictures, isWanted: { ticket.isWanted }, job.draw, completion: { [weak self] image, milliseconds in
            guard let self, self.painting?.ticket === ticket else { return }
            self.painting = nil
            guard let image else { return }
            if TodayDrawLog.isEnabled { TodayDrawLog.painted(started: started, milliseconds: milliseconds, where: .queue, withPicture: key.picture != nil) }
            // GL keeps its own copy of a texture: made now, between frames, not in the frame that
            // first shows the card. The cairo renderer paints the image's pixels as they are.
            if Self.preUpload, !self.canvas.usesCairoRenderer, let texture = image.texture {
                let uploadStarted = TodayDrawLog.isEnabled ? TodayDrawLog.now() : 0
                self.canvas.prepareForDrawing(texture)
                if TodayDrawLog.isEnabled { TodayDrawLog.uploaded(started: uploadStarted) }
            }
            self.look = (key, image)
            CardLook.paintings += 1
            self.canvas.queueDraw()
        })
    }

    /// Where every card's look is painted ahead of need: one queue, so looks paint one at a time,
    /// nearest the viewport first, beside the main thread rather than in its idle time.
    static let preUpload = ProcessInfo.processInfo.environment["SKIFF_TODAY_UPLOAD"] != "frame"
    private static let paintingQueue = OffscreenPaintingQueue(label: "skiff.today.looks")

    /// Starts the card's picture at `width`×`height` before the card is on screen (scaled in the
    /// background; `onReady` follows).
    func prefetchPicture(width: Double, height: Double) {
        guard let content else { return }
        picture(content, width: width, height: height)
    }

    /// Under `CardLook.cached`, starts painting the card's look for `width`×`height` on the painting
    /// queue before it is drawn, once its picture is ready (so it is painted once, not with the
    /// placeholder and again). Returns whether it started one. With `asking` false a missing picture
    /// is not asked for: a fling deals cards at every position it passes, and their pictures must not
    /// go before those of the cards it lands on (the pictures' queue takes the newest asked first).
    @discardableResult
    func paintLookAhead(width: Double, height: Double, asking: Bool = true) -> Bool {
        guard let content, CardLook.current == .cached else { return false }
        let key = lookKey(content, width: width, height: height, asking: asking)
        if let look, look.key == key { return false }
        if let painting, painting.key == key { return false }
        guard isFinal(content, key) else { return false }
        paintInBackground(content, key: key)
        return true
    }

    /// Whether a picture that has arrived would change what the card shows.
    var waitsForPicture: Bool { !showsPicture }

    private func drawTexts(_ snapshot: Snapshot, content: CardContent, width: Double, height: Double, icon: Texture?) {
        let textWidth = width - 2 * Self.textInset
        if texts?.width != textWidth {
            let specs = CardFace.texts(content, width: width)
            texts = (textWidth, TextLayout(widget: canvas, spec: specs.eyebrow), TextLayout(widget: canvas, spec: specs.title),
                     specs.subtitle.map { TextLayout(widget: canvas, spec: $0) })
        }
        guard let texts else { return }
        let inks = CardFace.inks(content)
        let place = CardFace.textOrigins(eyebrowHeight: texts.eyebrow.size.height, subtitleHeight: texts.subtitle?.size.height, height: height)
        var eyebrowX = Self.textInset
        if let icon {
            let frame = CardFace.iconFrame(eyebrowY: place.eyebrow, eyebrowHeight: texts.eyebrow.size.height)
            snapshot.withRoundedClip(frame, radius: CardFace.iconRadius) { snapshot.texture(icon, frame) }
            eyebrowX += CardFace.iconSide + CardFace.iconGap
        }
        snapshot.text(texts.eyebrow, x: eyebrowX, y: place.eyebrow, color: inks.faded)
        snapshot.text(texts.title, x: Self.textInset, y: place.title, color: inks.ink)
        if let subtitle = texts.subtitle, let y = place.subtitle {
            snapshot.text(subtitle, x: Self.textInset, y: y, color: inks.faded)
        }
    }
}
