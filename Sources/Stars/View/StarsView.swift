import Foundation
import Gtk
import Logging
import StarsModel

/// The Stars section: one canvas drawing the eight layers of the field over the real zodiac, fed
/// by drags, wheels, keys and a menu of the signs. Every decision is `StarField`'s; this view turns
/// input into its calls and its state into a snapshot.
@MainActor
public final class StarsView {
    public let root = Overlay()
    /// The field: a slider for assistive technology (current sign and degrees as its value text).
    public let canvas = Canvas(sliderLabel: "Star field")
    public let menuButton: MenuButton
    private let problemLabel = Label()
    public private(set) var field: StarField
    private let figures: [ProjectedFigure]
    /// Why the constellation figures are missing (the data file's problem), if they are.
    public let problem: String?
    private let textures = SkyTextures()
    private lazy var ticker = FrameTicker(widget: canvas)
    private var names: [TextLayout] = []
    private var degreeLabels: [TextLayout] = []
    private var announcedText = ""
    private let logger = Logger(label: "skiff.stars")
    /// The menu's action, whose state is the sign the field is nearest.
    private var signChoice: IntAction?

    public init(skyFile: URL?) {
        field = StarField(geometry: FieldGeometry(width: 1, height: 1), animationsEnabled: Widget.animationsEnabled)
        var figures: [ProjectedFigure] = []
        var problem: String?
        if let skyFile {
            switch ZodiacSky.load(skyFile) {
            case let .success(sky): figures = sky.constellations.map(SkyProjection.project)
            case let .failure(failure): problem = failure.description
            }
        } else {
            problem = "the star data (stars/zodiac.json) was not found"
        }
        self.figures = figures
        self.problem = problem

        let menu = MenuModel()
        for sign in ZodiacSign.allCases {
            menu.append(sign.name, action: "stars.jump(\(ZodiacSign.allCases.firstIndex(of: sign) ?? 0))")
        }
        menuButton = MenuButton(label: ZodiacSign.pisces.name, menu: menu)
        menuButton.setAccessibleLabel("Go to a sign")
        menuButton.tooltip = "Go to a sign"
        menuButton.addCSSClass("skiff-stars-menu")
        menuButton.halign = .end
        menuButton.valign = .start
        menuButton.setMargins(top: 12, end: 12)
        let actions = ActionGroup()
        // A radio choice: the menu marks the sign the field is on.
        let jump = IntAction(name: "jump", state: 0)
        jump.onActivate { [weak self] index in self?.jump(to: index) }
        actions.add(jump)
        signChoice = jump
        actions.insert(into: root, prefix: "stars")

        canvas.addCSSClass("skiff-stars-field")
        canvas.isFocusable = true
        canvas.canFocus = true
        canvas.hexpand = true
        canvas.vexpand = true
        canvas.clipsContent = true
        canvas.setAccessibleDescription("Drag, scroll or use the arrow keys to move between the twelve signs; Home and End go to the first and last.")
        canvas.onDraw { [weak self] snapshot, w, h in
            guard let self else { return }
            if let timer = drawTimer { timer.time { self.draw(snapshot, w, h) } } else { draw(snapshot, w, h) }
        }
        canvas.onMeasure { _, _ in (120, 600) }
        root.setChild(canvas)
        root.addOverlay(menuButton)
        if let problem {
            problemLabel.text = "Constellation figures unavailable — \(problem)"
            problemLabel.wraps = true
            problemLabel.addCSSClass("skiff-stars-problem")
            problemLabel.valign = .end
            problemLabel.halign = .center
            problemLabel.setMargins(bottom: 96, start: 12, end: 12)
            root.addOverlay(problemLabel)
            logger.error("stars: \(problem)")
        }
        installInput()
        announce()
    }

    // MARK: Input

    private var now: TimeInterval { FrameStats.monotonicNow }

    private func installInput() {
        let drag = GestureDrag()
        drag.onBegin { [weak self] _, _ in
            guard let self else { return }
            self.canvas.grabFocus()
            self.update { $0.pointerPressed(now: self.now) }
        }
        drag.onUpdate { [weak self] x, _ in
            guard let self else { return }
            self.update { $0.pointerMoved(translation: x, now: self.now) }
        }
        drag.onEnd { [weak self] x, _ in
            guard let self else { return }
            self.update { $0.pointerReleased(translation: x, now: self.now) }
        }
        canvas.addController(drag)

        let scroll = EventControllerScroll([.horizontal, .vertical])
        scroll.onScroll { [weak self] dx, dy, source in
            guard let self else { return false }
            let delta = dx != 0 ? dx : dy
            guard delta != 0 else { return false }
            self.update { $0.scrolled(dx: delta, discrete: source.isDiscreteScroll, now: self.now) }
            return true
        }
        scroll.onEnd { [weak self] in
            guard let self else { return }
            self.update { $0.scrollEnded(now: self.now) }
        }
        canvas.addController(scroll)

        let keys = EventControllerKey()
        keys.onPressed { [weak self] key, modifiers in
            guard let self, modifiers.isEmpty || modifiers == .shift else { return false }
            switch key {
            case Key.left: self.update { $0.step(-1, now: self.now) }
            case Key.right: self.update { $0.step(1, now: self.now) }
            case Key.home: self.jump(to: 0)
            case Key.end: self.jump(to: SignSpace.signCount - 1)
            default: return false
            }
            return true
        }
        canvas.addController(keys)
    }

    /// Jumps to sign `index` (0 = Pisces) with the 3 s ease-out, as the menu does.
    public func jump(to index: Int) {
        update { $0.jump(to: index, now: now) }
        canvas.grabFocus()
    }

    private func update(_ change: (inout StarField) -> Void) {
        field.animationsEnabled = Widget.animationsEnabled
        change(&field)
        canvas.queueDraw()
        announce()
        if field.needsFrames && !ticker.isRunning {
            ticker.start { [weak self] frameTime in
                guard let self else { return false }
                let more = self.field.tick(now: max(frameTime, self.now))
                self.canvas.queueDraw()
                self.announce()
                return more
            }
        }
    }

    /// Tells assistive technology (and the menu button) where the field is, when that changes.
    private func announce() {
        let text = field.valueText
        guard text != announcedText else { return }
        announcedText = text
        canvas.setAccessibleRange(minimum: 0, maximum: 360, value: field.degrees, text: text)
        let name = ZodiacSign.allCases[field.nearestSign].name
        if menuLabel != name { menuLabel = name }
        if signChoice?.state != field.nearestSign { signChoice?.state = field.nearestSign }
    }

    /// The sign name shown on the menu button.
    public private(set) var menuLabel = ZodiacSign.pisces.name {
        didSet { menuButton.setLabel(menuLabel) }
    }

    // MARK: Drawing

    private func draw(_ snapshot: Snapshot, _ w: Double, _ h: Double) {
        let geometry = FieldGeometry(width: w, height: h)
        if geometry != field.geometry { field.resize(geometry) }
        textures.prepare(for: geometry, scale: canvas.scaleFactor)
        let p = field.position
        let frameNow = now
        snapshot.fill(Rect(x: 0, y: 0, width: w, height: h), color: Palette.background)

        // 1–5: the background layers (tiles only translated) and the fixed vignette between them,
        // as one batch of images.
        let cairo = canvas.usesCairoRenderer
        let whole = Rect(x: 0, y: 0, width: w, height: h)
        var batch: [(image: RasterImage, x: Double, y: Double)] = []
        textures.beginFrame()
        for layer in [StarLayer.darkStars, .vignette, .smallStars, .mediumStars, .largeStars] {
            if layer == .vignette {
                if let v = textures.vignette { batch.append((v, 0, 0)) }
                continue
            }
            guard let tiling = textures.tiling else { continue }
            for tile in tiling.visibleTiles(layer, at: p) {
                let x = tile.x.rounded()
                for (row, image) in textures.column(layer, tile.index) {
                    batch.append((image, x, Double(row) * tiling.tileWidth))
                }
            }
        }
        textures.endFrame()
        snapshot.images(batch, in: whole, cairo: cairo)
        batch.removeAll(keepingCapacity: true)

        let size = SkyProjection.figureHeightFraction * h
        let cy = SkyProjection.figureCentreY * h
        func visible(_ x: Double) -> Bool { abs(x - w / 2) < w / 2 + size }

        // 6: the current sign's lines, stroked as far as the draw-in has got.
        if let stroke = field.lineStroke(at: frameNow), stroke.progress > 0, figures.indices.contains(stroke.sign) {
            let x = geometry.signCentreX(stroke.sign, layer: .lines, at: p)
            if visible(x) {
                let segments = figures[stroke.sign].strokedSegments(progress: stroke.progress)
                snapshot.paint(whole) { painter in
                    painter.setColor(Palette.lines)
                    painter.setLineWidth(1)
                    painter.setRoundCaps()
                    for (a, b) in segments {
                        painter.moveTo(x + a.x * size, cy + a.y * size)
                        painter.lineTo(x + b.x * size, cy + b.y * size)
                    }
                    painter.stroke()
                }
            }
        }

        // 7–8: the faint stars around each figure (0.8) and the figures' own stars (1.0), and the
        // marker, which moves with the top layer.
        func star(_ x: Double, _ y: Double, _ radius: Double) {
            guard let sprite = textures.sprite(radius: radius) else { return }
            batch.append((sprite.image, (x - sprite.size / 2).rounded(), (y - sprite.size / 2).rounded()))
        }
        for (index, figure) in figures.enumerated() {
            let fx = geometry.signCentreX(index, layer: .figureFaintStars, at: p)
            if visible(fx) {
                for s in figure.field { star(fx + s.x * size, cy + s.y * size, SkyProjection.fieldRadius(magnitude: s.magnitude)) }
            }
            let x = geometry.signCentreX(index, layer: .figureStars, at: p)
            if visible(x) {
                for s in figure.stars { star(x + s.x * size, cy + s.y * size, SkyProjection.radius(magnitude: s.magnitude)) }
            }
        }
        let rulerY = h - 72
        if let ruler = textures.ruler {
            let shift = geometry.layerOffset(.figureStars, at: p).truncatingRemainder(dividingBy: SkyTextures.rulerPeriod)
            batch.append((ruler, (-shift - SkyTextures.rulerPeriod).rounded(), rulerY))
        }
        snapshot.images(batch, in: whole, cairo: cairo)

        // The signs' names with their degrees.
        prepareLabels()
        for index in 0..<SignSpace.signCount {
            let x = geometry.signCentreX(index, layer: .figureStars, at: p)
            guard abs(x - w / 2) < w else { continue }
            let name = names[index], degrees = degreeLabels[index]
            snapshot.text(name, x: x - name.size.width / 2, y: rulerY + 18, color: Palette.signName)
            snapshot.text(degrees, x: x - degrees.size.width / 2, y: rulerY + 18 + name.size.height + 2, color: Palette.degrees)
        }

        if canvas.hasVisibleFocus {
            snapshot.border(Rect(x: 2, y: 2, width: w - 4, height: h - 4), radius: 6, width: 2, color: Palette.blue)
        }
    }

    private func prepareLabels() {
        guard names.isEmpty else { return }
        for sign in ZodiacSign.allCases {
            let name = TextLayout(widget: canvas, text: sign.name.uppercased(), size: 13, width: 400, letterSpacing: 2)
            name.setFamily("monospace")
            names.append(name)
            let degrees = TextLayout(widget: canvas, text: "\(sign.degrees)°", size: 10, width: 400)
            degrees.setFamily("monospace")
            degreeLabels.append(degrees)
        }
    }

    // MARK: For tests and the benchmark

    /// skiff-bench's timer of each snapshot built (Skiff's own drawing work): `Instrumented`.
    public var drawTimer: DrawTimer?

    /// The value text GTK's accessibility layer holds for the field.
    public var accessibleValueText: String? { canvas.accessibleValueText }
    public var textureBytes: Int { textures.byteCount }
    public var tileCount: Int { textures.tileCount }
    public var tilesRendered: Int { textures.tilesRendered }
    public var isMoving: Bool { field.needsFrames }
    public var isDragging: Bool { if case .dragging = field.motion { true } else { false } }
    public func focusField() { canvas.grabFocus() }
}

extension StarsView: Instrumented {
    /// A drag moves the field as the drag gesture does.
    public func perform(_ gesture: ScriptedGesture) {
        switch gesture {
        case .dragBegan: update { $0.dragBegan(now: now) }
        case .dragged(let translation): update { $0.dragMoved(translation: translation, now: now) }
        case .dragEnded(let translation): update { $0.dragEnded(translation: translation, now: now) }
        case .panBegan, .panned, .panEnded, .scrolled: break
        }
    }
}
