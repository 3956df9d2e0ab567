import BrowserModel
import Foundation
import Gtk

/// One tab's address bar in the pager: a rounded, shadowed field with the page's domain (the full
/// address while editing) and a 3-px loading line along its bottom edge.
///
/// The chrome (the rounded field and its shadow) and the domain text are siblings, as in the
/// original: collapsing fades and flattens the chrome while the domain stays, scaled down.
@MainActor
final class AddressBarView {
    static let height = 40.0
    static let cornerRadius = 12.0
    /// docs/mechanics.md: bar shadow opacity 0.15, radius 4 (Core Animation radius ≈ half a GSK blur).
    static let shadowOpacity = 0.15
    static let shadowBlur = 8.0
    static let textInset = 12.0

    let canvas: Canvas
    let entry = Entry()
    let progress = ProgressLineView()
    /// The lock or "Not Secure" at the start of the bar (SecurityIndicator.swift).
    let security = SecurityIndicator()
    /// The bookmark star at the end of the bar (BookmarkStar.swift).
    let star = BookmarkStar()
    /// nil for the hidden new-tab bar past the last tab.
    var tabID: UUID?
    var chromeAlpha = 1.0
    var chromeScale = (x: 1.0, y: 1.0)
    var domainScale = 1.0
    var plusAlpha = 0.0

    init(tabID: UUID?) {
        self.tabID = tabID
        canvas = Canvas(role: .group, label: tabID == nil ? "New Tab" : "Address bar") { _, _, _ in }
        canvas.addCSSClass("skiff-address-bar-slot")
        entry.hasFrame = false
        entry.placeholder = tabID == nil ? "" : "Search or enter website name"
        entry.setInputPurposeURL()
        entry.maxLength = AddressInput.lengthLimit
        entry.setAccessibleLabel("Address")
        entry.addCSSClass("skiff-address-bar")
        entry.xAlign = 0.5
        // Clicks go to the bar (a tap edits, a drag swipes); the entry takes them only while editing.
        entry.canTarget = false
        if tabID == nil { entry.canFocus = false }
        canvas.addChild(entry)
        canvas.addChild(progress.canvas)
        canvas.addChild(security.root)
        canvas.addChild(star.root)
        canvas.addChild(star.popover)
        canvas.onDraw { [weak self] snapshot, w, h in self?.draw(snapshot, width: w, height: h) }
        canvas.onAllocate { [weak self] w, h in self?.allocate(width: Double(w), height: Double(h)) }
    }

    /// The page title as the bar's accessible description, so a screen reader says which tab it is.
    func setTitle(_ title: String) {
        entry.setAccessibleDescription(title.isEmpty ? "New Tab" : title)
        canvas.setAccessibleDescription(title.isEmpty ? "New Tab" : title)
    }

    private func allocate(width: Double, height: Double) {
        // The security indicator takes the start, the star the end; the field keeps the same room at
        // both ends, so the domain stays centred in the bar.
        let start = security.isShown ? Double(security.root.widthRange().natural) + 4 : 0
        let end = star.isShown ? Double(star.root.widthRange().natural) + 4 : 0
        let room = max(start, end)
        let field = Rect(x: Self.textInset + room, y: 0, width: max(1, width - 2 * (Self.textInset + room)), height: height)
        canvas.allocate(entry, field, scaleX: domainScale, scaleY: domainScale)
        if security.isShown {
            let h = Double(security.root.naturalHeight(forWidth: Int(start)))
            canvas.allocate(security.root, Rect(x: Self.textInset / 2, y: (height - h) / 2, width: start - 4, height: h))
        }
        if star.isShown {
            let h = Double(star.root.naturalHeight(forWidth: Int(end)))
            let rect = Rect(x: width - Self.textInset / 2 - (end - 4), y: (height - h) / 2, width: end - 4, height: h)
            canvas.allocate(star.root, rect)
            star.popover.point(to: rect)
        }
        // A popover's parent places it when it is allocated (GTK asks that of every popover's parent).
        if star.popover.isOpen { star.popover.present() }
        canvas.allocate(progress.canvas, Rect(x: Self.cornerRadius / 2, y: height - 3, width: max(1, width - Self.cornerRadius), height: 3))
    }

    private func draw(_ snapshot: Snapshot, width: Double, height: Double) {
        let colors = canvas.themeColors
        let w = width * chromeScale.x, h = height * chromeScale.y
        let chrome = Rect(x: (width - w) / 2, y: (height - h) / 2, width: w, height: h)
        if chromeAlpha > 0.001 {
            snapshot.withOpacity(chromeAlpha) {
                snapshot.shadow(chrome, radius: Self.cornerRadius, color: Color(red: 0, green: 0, blue: 0, alpha: Self.shadowOpacity),
                                offsetX: 0, offsetY: 1, blur: Self.shadowBlur)
                // The field is the view colour, lifted a little off the backdrop in the dark style.
                let field = colors.isDark ? colors.view.mixed(with: colors.foreground, 0.08) : colors.view
                snapshot.fillRounded(chrome, radius: Self.cornerRadius, color: field)
                snapshot.withRoundedClip(chrome, radius: Self.cornerRadius) { snapshot.child(progress.canvas, of: canvas) }
                if security.isShown { snapshot.child(security.root, of: canvas) }
                if star.isShown { snapshot.child(star.root, of: canvas) }
            }
        }
        snapshot.child(entry, of: canvas)
        if plusAlpha > 0.001 {
            let plus = TextLayout(widget: canvas, text: "+", size: 20, weight: .bold, width: 40)
            let size = plus.size
            snapshot.withOpacity(plusAlpha) {
                snapshot.text(plus, x: (width - size.width) / 2, y: (height - size.height) / 2, color: colors.text.withAlpha(0.8))
            }
        }
    }
}
