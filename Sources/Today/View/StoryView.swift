import Foundation
import Gtk
import Motion
import TodayModel

/// A card's story: the card's frame grows to fill the section, corners square off, the image
/// becomes a full-width header and the text fades in under it. Closing shrinks it back into the
/// card it came from, wherever that card is now.
@MainActor
final class StoryView {
    static let closeButtonSize = 36.0
    static let closeButtonInset = 16.0

    let container: Canvas
    private let scroller = ScrolledWindow()
    private let header: Canvas
    private let body = Box(.vertical, spacing: 14)
    private let closeButton = Button(iconName: "window-close-symbolic", accessibleLabel: "Close Story")
    /// Shown for an article (a card with a link): its page in a Browser tab (also Ctrl+Enter).
    private let openButton = Button(label: "Open in Browser")
    /// Shown when the article gave only a summary: its page's article, fetched (also Ctrl+Alt+R).
    private let readerButton = Button(label: StoryView.readerLabel)
    /// Open in Browser and Reader View, the first row of the text.
    private let buttons = Box(.horizontal, spacing: 8)
    /// The article's audio or video, under the buttons, while its story is shown.
    private var player: StoryMediaPlayer?
    static let readerLabel = "Reader View"
    static let readerLoadingLabel = "Loading the full article…"
    private let transition = StoryTransition()
    private let ticker: FrameTicker
    private let images: TextureCache
    private var content: CardContent?
    private var bodyLabels: [Label] = []
    private var bodyPictures: [StoryPictureBlock] = []
    /// The card's summary over the text, while it is shown (`StoryText.replacesLead` takes it away).
    private var leadLabel: Label?
    private(set) var index: CardIndex?
    var onClose: (() -> Void)?
    /// The open article's page, asked for by "Open in Browser" or Ctrl+Enter.
    var onOpenLink: ((URL) -> Void)?
    /// "Reader View" asked for (the button or Ctrl+Alt+R).
    var onReaderView: (() -> Void)?
    /// Called when the shrink back into the card has finished.
    var onClosed: ((CardIndex) -> Void)?
    /// Down past the story's end, Up past its top: the next or the previous article, in place.
    var onStep: ((_ forward: Bool) -> Void)?
    /// Space at the story's end: the next unread article.
    var onNextUnread: (() -> Void)?
    /// The article's menu asked for at (x, y) in `container`: a right click on the story (outside
    /// selectable text, whose own menu copies), the Menu key or Shift+F10.
    var onContextMenu: ((_ x: Double, _ y: Double) -> Void)?

    var isOpen: Bool { transition.phase == .open || transition.phase == .opening }
    var isShown: Bool { transition.isPresented }
    var isSettled: Bool { transition.phase == .open }

    private lazy var bodyClamp = Clamp(child: body, maximumWidth: Self.readingWidth, label: "Story column")
    /// 70 characters of the story's 15.5-px text plus the body's 24-px margins.
    static let readingWidth = 680.0

    init(images: TextureCache) {
        self.images = images
        container = Canvas(role: .dialog, label: "Story") { _, _, _ in }
        header = Canvas(role: .img, label: "Story image") { _, _, _ in }
        ticker = FrameTicker(widget: container)
        container.isVisible = false
        container.addCSSClass("today-story")

        let column = Box(.vertical, spacing: 0)
        column.append(header)
        body.setMargins(top: 24, bottom: 48, start: 24, end: 24)
        body.setAccessibleLabel("Story text")
        openButton.addCSSClass("pill")
        openButton.tooltip = "Open in Browser (Ctrl+Enter)"
        openButton.onClicked { [weak self] in self?.openLink() }
        readerButton.addCSSClass("pill")
        readerButton.tooltip = "Show the whole article from its page (Ctrl+Alt+R)"
        readerButton.isVisible = false
        readerButton.onClicked { [weak self] in self?.requestReaderView() }
        buttons.halign = .start
        buttons.append(openButton)
        buttons.append(readerButton)
        body.append(buttons)
        // About 70 characters a line at 15.5 px, centred on wide windows; title and text share one
        // left edge at any width.
        column.append(bodyClamp.root)
        scroller.setPolicy(horizontal: false, vertical: true)
        scroller.setChild(column)
        closeButton.addCSSClass("today-story-close")
        closeButton.addCSSClass("circular")
        container.addChild(scroller)
        container.addChild(closeButton)

        container.onDraw { [weak self] snapshot, w, h in self?.draw(snapshot, width: w, height: h) }
        header.onDraw { [weak self] snapshot, w, h in self?.drawHeader(snapshot, width: w, height: h) }
        header.onMeasure { [weak self] orientation, _ in
            guard let self, orientation == .vertical else { return (0, 0) }
            let height = Int(self.transition.appearance(at: FrameTicker.now(for: self.container)).headerImageHeight.rounded())
            return (height, height)
        }
        container.onAllocate { [weak self] w, h in self?.allocate(width: Double(w), height: Double(h)) }
        closeButton.onClicked { [weak self] in self?.onClose?() }
        installKeyboard()
    }

    /// Lines scrolled by Up and Down.
    static let lineStep = 48.0

    /// A reader's keys scroll the story wherever its focus is (it opens on the close button): Page
    /// Down and Up as the feed does, Down and Up by a line, Home and End to either end. Down with
    /// nothing left below goes on to the next article, Up at the top back to the previous one
    /// (docs/feeds.md, "Views, read and starred"). A focused paragraph's own keys (moving its
    /// selection) come first.
    private func installKeyboard() {
        let keys = EventControllerKey()
        keys.onPressed { [weak self] key, modifiers in
            guard let self, self.isOpen else { return false }
            if key == Key.menu || (key == Key.f10 && modifiers.contains(.shift) && modifiers.isDisjoint(with: [.control, .alt])) {
                self.onContextMenu?(Double(self.container.width) / 2, Double(self.container.height) / 3)
                return true
            }
            guard modifiers.isDisjoint(with: [.control, .alt, .shift]), let adjustment = self.scroller.verticalAdjustment else { return false }
            let target: Double
            switch key {
            case Key.pageDown: target = adjustment.value + adjustment.pageSize * GridView.pageStep
            case Key.pageUp: target = adjustment.value - adjustment.pageSize * GridView.pageStep
            case Key.down where self.isAtEnd: self.onStep?(true); return true
            case Key.up where adjustment.value <= 0: self.onStep?(false); return true
            case Key.down: target = adjustment.value + Self.lineStep
            case Key.up: target = adjustment.value - Self.lineStep
            case Key.home: target = 0
            case Key.end: target = adjustment.upper
            default: return false
            }
            self.scroller.verticalOffset = target
            return true
        }
        container.addController(keys)
        let secondary = GestureClick()
        secondary.setButton(3)
        secondary.onPressed { [weak self] _, x, y in
            guard let self, self.isOpen else { return }
            self.onContextMenu?(x, y)
        }
        container.addController(secondary)
    }

    /// Nothing left to scroll down to (a short story is at its end from the start).
    private var isAtEnd: Bool {
        guard let adjustment = scroller.verticalAdjustment else { return true }
        return adjustment.value + adjustment.pageSize >= adjustment.upper - 1
    }

    /// Space: a page down, or at the end the next unread article; Shift+Space a page up. Not while a
    /// button of the story (Open in Browser, Reader View) has the focus: Space presses it.
    func page(forward: Bool) -> Bool {
        guard isOpen, !openButton.hasFocus, !readerButton.hasFocus, let adjustment = scroller.verticalAdjustment else { return false }
        if forward, isAtEnd {
            onNextUnread?()
        } else {
            scroller.verticalOffset = adjustment.value + (forward ? 1 : -1) * adjustment.pageSize * GridView.pageStep
        }
        return true
    }

    /// Another article in the open story's place (j, k, Down at the end, Space at the end): no
    /// transition, the text from its top, the focus where it was.
    func show(_ content: CardContent, index: CardIndex, bodyFollows: Bool) {
        guard isOpen else { return }
        self.content = content
        self.index = index
        container.setAccessibleLabel(content.title)
        container.setAccessibleDescription(content.eyebrow)
        awaitsBody = bodyFollows
        pictureSurface = nil
        fillBody(content)
        scroller.verticalOffset = 0
        header.queueResize()
        header.queueDraw()
        container.queueAllocate()
    }

    /// - Parameters:
    ///   - size: the area the story will fill (the story itself is not allocated yet).
    ///   - bodyFollows: the text is being read (an article's, sanitised off the main thread) and comes
    ///     with `continueBody`; until then the story shows its lead only.
    func open(_ content: CardContent, index: CardIndex, from frame: Rect, size: (width: Double, height: Double), bodyFollows: Bool = false) {
        self.content = content
        self.index = index
        container.setAccessibleLabel(content.title)
        container.setAccessibleDescription(content.eyebrow)
        awaitsBody = bodyFollows
        fillBody(content)
        scroller.verticalOffset = 0
        container.isVisible = true
        transition.animationsEnabled = Widget.animationsEnabled
        transition.open(from: LayoutRect(frame), windowSize: Size(width: size.width, height: size.height),
                        now: FrameTicker.now(for: container))
        animate()
        closeButton.grabFocus()
    }

    /// Shrinks back into `frame`: the card's place now, which a resize may have moved.
    func close(to frame: Rect) {
        guard isShown else { return }
        // Back to the top first: what shrinks into the card is the card (its picture and title), not a
        // scrolled-down stretch of text fading out, which left a blank grey box shrinking.
        scroller.verticalOffset = 0
        transition.animationsEnabled = Widget.animationsEnabled
        transition.close(to: LayoutRect(frame), now: FrameTicker.now(for: container))
        animate()
    }

    private func animate() {
        container.queueAllocate()
        container.queueDraw()
        ticker.start { [weak self] now in
            guard let self else { return false }
            let moving = self.transition.tick(now: now)
            self.header.queueResize()
            self.container.queueAllocate()
            self.container.queueDraw()
            if !moving { self.finished() }
            return moving
        }
        // With animations off the transition is already at its end.
        if !transition.tick(now: FrameTicker.now(for: container)) { ticker.stop(); finished() }
    }

    /// The article's page, when the story is an article's.
    var link: URL? { isOpen ? content?.link : nil }

    /// "Open in Browser": whether there was a page to open.
    @discardableResult
    func openLink() -> Bool {
        guard let link else { return false }
        onOpenLink?(link)
        return true
    }

    /// Draws the header and the text's pictures again (a picture arrived or finished decoding).
    func redrawPicture() {
        header.queueDraw()
        for picture in bodyPictures { picture.refresh() }
    }

    private func finished() {
        if transition.phase == .closed {
            awaitsBody = false
            pictureSurface = nil
            removePictures()
            showPlayer(for: nil)
            container.isVisible = false
            if let index { onClosed?(index) }
        }
        header.queueResize()
    }

    /// Characters of story text laid out per main-loop turn: what opens with the story (about a
    /// screenful and a half), and then each later batch. A long story (up to the feed's limit of
    /// 100,000 characters) is laid out batch by batch after the story has opened, so opening costs
    /// the same whatever its length and the window keeps answering meanwhile.
    static let charactersPerBatch = 6_000

    /// A paragraph (its text and style) or a picture, not laid out yet.
    private enum PendingBlock {
        case text(String, style: String)
        case picture(StoryText.Picture)
    }

    private var pendingBlocks: [PendingBlock] = []
    private var bodyGeneration = 0

    /// The story's player for its article's file, made anew for each article (its web process goes
    /// with it when the story closes or moves on).
    private func showPlayer(for content: CardContent?) {
        guard player?.media != content?.media || content == nil else { return }
        if let player { body.remove(player.root) }
        player = nil
        guard let media = content?.media, let content else { return }
        let player = StoryMediaPlayer(media, title: content.title)
        body.insert(player.root, after: buttons)
        self.player = player
    }

    private func removePictures() {
        for picture in bodyPictures { body.remove(picture.canvas) }
        bodyPictures = []
        images.storyPictures = []
    }

    private func fillBody(_ content: CardContent) {
        showPlayer(for: content)
        for label in bodyLabels { body.remove(label) }
        bodyLabels = []
        leadLabel = nil
        removePictures()
        bodyGeneration += 1
        openButton.isVisible = content.link != nil
        readerButton.isVisible = false
        readerButton.label = Self.readerLabel
        readerButton.isSensitive = true
        var blocks: [PendingBlock] = []
        if let subtitle = content.subtitle { blocks.append(.text(subtitle, style: Self.leadStyle)) }
        blocks += content.body.map { .text($0, style: StoryParagraph.style) }
        // An article that gave only a summary shows it as the lead, with no apology under it.
        if content.body.isEmpty, !awaitsBody, content.link == nil || content.subtitle == nil { blocks.append(.text(Self.noText, style: StoryParagraph.style)) }
        pendingBlocks = blocks
        appendBatch(generation: bodyGeneration)
    }

    private func appendBatch(generation: Int) {
        guard generation == bodyGeneration else { return }
        var characters = 0
        while !pendingBlocks.isEmpty, characters < Self.charactersPerBatch {
            switch pendingBlocks.removeFirst() {
            case .text(let text, let style):
                characters += text.utf8.count
                let label = StoryParagraph.label(text, style: style)
                body.append(label)
                bodyLabels.append(label)
                if style == Self.leadStyle { leadLabel = label }
            case .picture(let picture):
                let block = StoryPictureBlock(picture, images: images)
                // Hidden from the start when it cannot come (a private window fetches no pictures).
                block.refresh()
                body.append(block.canvas)
                bodyPictures.append(block)
                images.storyPictures.insert(picture.address)
            }
        }
        if !pendingBlocks.isEmpty {
            MainLoop.idle { [weak self] in self?.appendBatch(generation: generation) }
        }
    }

    /// Whether the story's text is still being read (`open(…, bodyFollows: true)`).
    private var awaitsBody = false

    /// The text of the story opened at `index`, once read; dropped if another story is open by then.
    func continueBody(_ text: StoryText, for index: CardIndex) {
        guard awaitsBody, index == self.index, isShown else { return }
        awaitsBody = false
        readerButton.isVisible = text.offersReaderView && content?.link != nil
        if text.replacesLead, let lead = leadLabel {
            // The text says it, whole: shown once, as the text (it arrives while the story opens).
            body.remove(lead)
            bodyLabels.removeAll { $0 === lead }
            leadLabel = nil
        }
        appendText(text)
    }

    /// "Reader View": whether the story offers it; if so `onReaderView` is asked and the button
    /// says the article is loading.
    @discardableResult
    func requestReaderView() -> Bool {
        guard isOpen, readerButton.isVisible, readerButton.isSensitive else { return false }
        readerButton.label = Self.readerLoadingLabel
        readerButton.isSensitive = false
        onReaderView?()
        return true
    }

    /// The article from its page, in place of the summary's text (the lead stays); or, when it could
    /// not be had, the notice above the text shown so far.
    func showReaderText(_ text: StoryText, for index: CardIndex) {
        guard index == self.index, isShown, !awaitsBody else { return }
        readerButton.label = Self.readerLabel
        readerButton.isSensitive = true
        if text.notice == nil {
            // The button goes; a keyboard user who pressed it keeps a place in the story.
            if readerButton.hasFocus { _ = openButton.grabFocus() }
            readerButton.isVisible = false
            // Everything under the lead goes; the article comes in batches as on opening.
            bodyGeneration += 1
            pendingBlocks = []
            let kept = leadLabel == nil ? 0 : 1
            for label in bodyLabels.dropFirst(kept) { body.remove(label) }
            bodyLabels = Array(bodyLabels.prefix(kept))
            removePictures()
        }
        appendText(text)
    }

    private func appendText(_ text: StoryText) {
        if let notice = text.notice { pendingBlocks.append(.text(notice, style: "today-story-notice")) }
        if text.paragraphs.isEmpty, text.notice == nil, content?.subtitle == nil { pendingBlocks.append(.text(Self.noText, style: StoryParagraph.style)) }
        // The picture the header shows already is not shown twice.
        let header = content?.imagePath
        pendingBlocks += text.blocks.compactMap {
            switch $0 {
            case .paragraph(let paragraph): .text(paragraph, style: StoryParagraph.style)
            case .picture(let picture): picture.address == header ? nil : .picture(picture)
            }
        }
        appendBatch(generation: bodyGeneration)
    }

    static let noText = "This story has no text yet."
    static let leadStyle = "today-story-lead"

    /// Paragraphs of the story laid out so far, and whether more are still to come.
    var laidOutParagraphs: Int { bodyLabels.count }
    var bodyTexts: [String] { bodyLabels.map(\.text) }
    var isLayingOutBody: Bool { !pendingBlocks.isEmpty || awaitsBody }
    var offersReaderView: Bool { isOpen && readerButton.isVisible }

    private func allocate(width: Double, height: Double) {
        // An open story follows the window as it is resized.
        transition.windowSize = Size(width: width, height: height)
        let pose = transition.appearance(at: FrameTicker.now(for: container))
        let frame = Rect(pose.frame)
        container.allocate(scroller, frame)
        let size = Self.closeButtonSize
        container.allocate(closeButton, Rect(x: frame.x + frame.width - size - Self.closeButtonInset, y: frame.y + Self.closeButtonInset, width: size, height: size))
        let alpha = pose.bodyAlpha
        body.opacity = alpha
        closeButton.opacity = alpha
    }

    private func draw(_ snapshot: Snapshot, width: Double, height: Double) {
        guard transition.isPresented else { return }
        let pose = transition.appearance(at: FrameTicker.now(for: container))
        let frame = Rect(pose.frame)
        // Dim what is behind as the story grows, so the eye follows it.
        snapshot.fill(Rect(x: 0, y: 0, width: width, height: height), color: Palette.background(of: container).withAlpha(0.85 * pose.progress))
        snapshot.shadow(frame, radius: pose.cornerRadius, color: Color(red: 0, green: 0, blue: 0, alpha: CardView.shadowOpacity),
                        offsetX: 0, offsetY: 8, blur: CardView.shadowBlur)
        snapshot.withRoundedClip(frame, radius: pose.cornerRadius) {
            snapshot.fill(frame, color: Palette.background(of: self.container))
            snapshot.child(self.scroller, of: self.container)
        }
        snapshot.child(closeButton, of: container)
    }

    /// The header's picture as a surface, for the cairo renderer: made once per picture, let go when
    /// the story has closed (it is a copy of the picture's pixels). Drawn as a texture instead, GTK
    /// 4.8's cairo renderer converts the whole picture into a new surface in every frame.
    private var pictureSurface: (texture: Texture, image: RasterImage)?

    private func pictureSurface(for texture: Texture) -> RasterImage? {
        if let pictureSurface, pictureSurface.texture === texture { return pictureSurface.image }
        pictureSurface = RasterImage(copying: texture).map { (texture, $0) }
        return pictureSurface?.image
    }

    private func drawHeader(_ snapshot: Snapshot, width: Double, height: Double) {
        guard let content else { return }
        let bounds = Rect(x: 0, y: 0, width: width, height: height)
        // The picture covers the header and is cropped to it (it would spill over the text otherwise).
        let surface: ((Texture) -> RasterImage?)? = (StoryPicture.forcedSurface ?? header.usesCairoRenderer)
            ? { [weak self] in self?.pictureSurface(for: $0) } : nil
        snapshot.withClip(bounds) { CardArtwork.draw(content, in: bounds, images: images, snapshot: snapshot, surface: surface) }
        let inset = CardView.textInset + 4
        let textWidth = max(1, min(width, 760) - 2 * inset)
        let ink = content.lightText ? Color(red: 1, green: 1, blue: 1) : Color(red: 0.07, green: 0.07, blue: 0.09)
        let eyebrow = TextLayout(widget: header, text: content.eyebrow.uppercased(), size: 12, weight: .bold, width: textWidth, maxLines: 1, letterSpacing: 0.6)
        let title = TextLayout(widget: header, text: content.title, size: 30, weight: .heavy, width: textWidth, maxLines: 3)
        snapshot.text(eyebrow, x: inset, y: inset, color: Color(red: ink.red, green: ink.green, blue: ink.blue, alpha: 0.75))
        snapshot.text(title, x: inset, y: inset + eyebrow.size.height + 6, color: ink)
    }
}

/// One paragraph of a story's text as the story shows it (and the story-body bench measures it).
public enum StoryParagraph {
    public static let style = "today-story-paragraph"

    @MainActor public static func label(_ text: String, style: String = StoryParagraph.style) -> Label {
        let label = Label(text)
        label.wraps = true
        label.selectable = true
        label.setXAlign(0)
        label.maxWidthChars = 68
        label.addCSSClass(style)
        return label
    }
}

/// How the story's header picture is drawn: from a surface made once (the cairo renderer's way) or
/// as a texture (GL's). The renderer decides unless a test forces one (it compares the two).
public enum StoryPicture {
    @MainActor public static var forcedSurface: Bool?
}

extension Rect {
    init(_ r: LayoutRect) { self.init(x: r.x, y: r.y, width: r.width, height: r.height) }
}

extension LayoutRect {
    init(_ r: Rect) { self.init(x: r.x, y: r.y, width: r.width, height: r.height) }
}
