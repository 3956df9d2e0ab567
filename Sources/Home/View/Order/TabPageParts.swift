import Foundation
import Gtk
import Pictures
import HomeModel

/// A page of the Order, Gift or Stores tab: a vertical scroller whose content is centred and at
/// most `maximumWidth` wide (rows stretched across a 1280 px window are hard to read).
@MainActor
final class ScrollingPage {
    static let maximumWidth = 760
    static let margin = 18

    let scroller = ScrolledWindow()
    let content = Box(.vertical, spacing: 12)
    private let clamp: Canvas

    init(name: String) {
        clamp = Canvas(role: .group, label: name) { _, _, _ in }
        scroller.setPolicy(horizontal: false, vertical: true)
        scroller.hexpand = true
        scroller.vexpand = true
        scroller.addCSSClass("home-tab-page")
        clamp.addChild(content)
        clamp.setHeightForWidth(true)
        clamp.onMeasure { [weak self] orientation, forSize in
            guard let self else { return (0, 0) }
            let margins = 2 * Self.margin
            switch orientation {
            case .horizontal:
                let size = self.content.measure(.horizontal)
                return (size.minimum + margins, min(max(size.natural, Self.maximumWidth), Self.maximumWidth) + margins)
            case .vertical:
                let width = forSize < 0 ? Self.maximumWidth : min(Self.maximumWidth, max(0, forSize - margins))
                let size = self.content.measure(.vertical, forSize: max(width, self.content.measure(.horizontal).minimum))
                return (size.minimum + margins, size.natural + margins)
            }
        }
        clamp.onAllocate { [weak self] width, height in
            guard let self else { return }
            let minimum = self.content.measure(.horizontal).minimum
            let inner = max(minimum, min(Self.maximumWidth, width - 2 * Self.margin))
            let x = max(0, (width - inner) / 2)
            self.clamp.allocate(self.content, Rect(x: Double(x), y: Double(Self.margin), width: Double(inner),
                                                   height: Double(max(0, height - 2 * Self.margin))))
        }
        clamp.onDraw { [weak self] snapshot, _, _ in
            guard let self else { return }
            snapshot.child(self.content, of: self.clamp)
        }
        scroller.setChild(clamp)
    }

    var root: Widget { scroller }

    func append(_ widget: Widget) { content.append(widget) }

    /// Pictures on the page, kept for as long as the page (their drawing closures hold them weakly).
    private var pictures: [TabPicture] = []

    func append(_ picture: TabPicture) {
        pictures.append(picture)
        content.append(picture.canvas)
    }

    /// Keeps a picture placed elsewhere on the page (inside a row).
    func keep(_ picture: TabPicture) { pictures.append(picture) }
}

/// A picture from the data folder drawn at the exact size it is shown, rounded; a quiet tint
/// when the file is missing or unreadable (the page still works). Its page keeps it
/// (`ScrollingPage.append(_:)`/`keep(_:)`).
@MainActor
final class TabPicture {
    let canvas: Canvas
    private let path: String?
    private var image: DecodedImage?
    private var loaded = false
    private var texture: (width: Int, height: Int, texture: Texture)?
    private let width: Int?
    private let height: Int
    private let radius: Double

    /// `width` nil: as wide as the parent gives, `height` tall (a page's header picture).
    init(path: String?, name: String, width: Int?, height: Int, radius: Double = 10) {
        self.path = path
        self.width = width
        self.height = height
        self.radius = radius
        canvas = Canvas(role: .img, label: name) { _, _, _ in }
        canvas.canTarget = false
        canvas.onMeasure { [weak self] orientation, _ in
            guard let self else { return (0, 0) }
            switch orientation {
            case .horizontal: return (self.width ?? 0, self.width ?? 0)
            case .vertical: return (self.height, self.height)
            }
        }
        canvas.onDraw { [weak self] snapshot, w, h in self?.draw(snapshot, w, h) }
    }

    private func draw(_ snapshot: Snapshot, _ w: Double, _ h: Double) {
        let rect = Rect(x: 0, y: 0, width: w, height: h)
        let scale = canvas.scaleFactor
        let pixelWidth = Int(w) * scale, pixelHeight = Int(h) * scale
        if !loaded, let path {
            // Decoded off the main thread within Home's limits (`PictureDecoding.Limits.home`); the tint
            // stays for a picture that is too large, missing, unreadable or not a regular file.
            loaded = true
            PictureLoader.load(path, limits: .home) { [weak self] outcome in
                guard let self, case let .success(decoded) = outcome else { return }
                self.image = decoded
                self.canvas.queueDraw()
            }
        }
        if let image, pixelWidth > 0, pixelHeight > 0 {
            if texture?.width != pixelWidth || texture?.height != pixelHeight,
               let made = image.texture(covering: pixelWidth, pixelHeight) {
                texture = (pixelWidth, pixelHeight, made)
            }
            if let texture {
                snapshot.withRoundedClip(rect, radius: radius) { snapshot.texture(texture.texture, rect) }
                return
            }
        }
        snapshot.fillRounded(rect, radius: radius, color: Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.18))
    }
}

/// Reads a tab's data file off the main thread (a file at its size limit takes a noticeable
/// fraction of a second to parse and validate), then hands the result to the main actor. Only the
/// latest read of an owner is delivered: a Try Again pressed twice cannot show the older result.
@MainActor
final class TabDataReader<Value: Sendable> {
    private var generation = 0
    private(set) var isReading = false

    func read(_ load: @escaping @Sendable () -> TabDataLoad<Value>, deliver: @escaping @MainActor (TabDataLoad<Value>) -> Void) {
        generation += 1
        let mine = generation
        isReading = true
        Task { @MainActor [weak self] in
            let result = await Task.detached(priority: .userInitiated) { load() }.value
            guard let self, self.generation == mine else { return }
            self.isReading = false
            deliver(result)
        }
    }
}

@MainActor
enum TabWidgets {
    /// What a tab shows while its file is read.
    static func loading(_ text: String) -> Label {
        let label = label(text, classes: ["dim-label"])
        label.setAccessibleLabel(text)
        return label
    }

    static func label(_ text: String, classes: [String] = [], wraps: Bool = true) -> Label {
        let label = Label(text)
        label.setXAlign(0)
        label.wraps = wraps
        label.halign = .fill
        for name in classes { label.addCSSClass(name) }
        return label
    }

    /// A row that opens something: picture, title, subtitle, and a value at the end (a price, a
    /// status). Its accessible name reads all three.
    static func row(title: String, subtitle: String, trailing: String?, picture: TabPicture?,
                    accessibleName: String? = nil) -> (button: Button, trailing: Label?) {
        let button = Button(label: "")
        button.addCSSClass("home-row")
        button.hasFrame = false
        let box = Box(.horizontal, spacing: 14)
        if let picture { box.append(picture.canvas) }
        let texts = Box(.vertical, spacing: 2)
        texts.hexpand = true
        texts.valign = .center
        let titleLabel = label(title, classes: ["home-row-title"])
        texts.append(titleLabel)
        if !subtitle.isEmpty { texts.append(label(subtitle, classes: ["dim-label", "home-row-subtitle"])) }
        box.append(texts)
        var trailingLabel: Label?
        if let trailing {
            let end = label(trailing, classes: ["home-row-value"], wraps: false)
            end.valign = .center
            end.halign = .end
            box.append(end)
            trailingLabel = end
        }
        button.setChild(box)
        button.setAccessibleLabel(accessibleName ?? [title, subtitle, trailing ?? ""].filter { !$0.isEmpty }.joined(separator: ", "))
        return (button, trailingLabel)
    }

    /// What a tab shows when its data file cannot be used: the problem where it is, and Try Again.
    static func failure(_ problem: DataProblem, what: String, retry: @escaping @MainActor () -> Void) -> (box: Box, retry: Button) {
        let box = Box(.vertical, spacing: 12)
        box.valign = .center
        box.addCSSClass("home-tab-failure")
        let heading = label("The \(what) can't be shown", classes: ["title-2"])
        box.append(heading)
        box.append(label(problemText(problem), classes: ["home-problem"]))
        let retryButton = Button(label: "Try Again")
        retryButton.halign = .start
        retryButton.onClicked { retry() }
        box.append(retryButton)
        return (box, retryButton)
    }

    /// "menu.json, line 12, column 5: what is wrong", as Today words its feed's problems.
    static func problemText(_ problem: DataProblem) -> String {
        var location = (problem.file as NSString).lastPathComponent
        if let line = problem.line {
            location += ", line \(line)"
            if let column = problem.column { location += ", column \(column)" }
        }
        return "\(location): \(problem.message)"
    }

    /// The skipped entries and warnings of a file that still loaded, above the content.
    static func problemsNote(_ problems: [DataProblem]) -> Label? {
        guard !problems.isEmpty else { return nil }
        let shown = problems.prefix(5).map(problemText)
        let more = problems.count > 5 ? ["… and \(problems.count - 5) more"] : []
        let note = label((shown + more).joined(separator: "\n"), classes: ["home-problems-note"])
        note.setAccessibleLabel("Problems in the data: " + (shown + more).joined(separator: ". "))
        return note
    }
}
