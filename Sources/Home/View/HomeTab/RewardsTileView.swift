import Foundation
import Gtk
import HomeModel

/// The rewards tile (docs/home.md, "Rewards tile"): the Star balance, progress to the next reward,
/// and a chevron that opens the reward levels below (0 ↔ their own height, `RewardsTile` decides how).
@MainActor
final class RewardsTileView {
    let root = Box(.vertical, spacing: 0)
    let chevron: Button
    private let model = RewardsTile()
    private let detail: Canvas
    private let detailContent = Box(.vertical, spacing: 6)
    private var ticker: FrameTicker?
    private var allocatedWidth = 0
    /// Called each frame the tile's height changes (the page re-lays out under it).
    var onHeightChange: (() -> Void)?

    init(profile: HomeProfile?, problem: String?) {
        root.addCSSClass("skiff-home-tile")
        root.addCSSClass("skiff-home-rewards")
        let top = Box(.horizontal, spacing: 12)
        top.setMargins(top: 16, bottom: 12, start: 16, end: 8)
        let summary = Box(.vertical, spacing: 4)
        summary.hexpand = true
        let stars = Label(profile.map { "\($0.stars) ★" } ?? "— ★")
        stars.addCSSClass("skiff-home-stars")
        stars.setXAlign(0)
        summary.append(stars)
        let caption = Label(profile == nil ? "Your Stars could not be read" : "Star balance")
        caption.addCSSClass("skiff-home-tile-subtitle")
        caption.setXAlign(0)
        summary.append(caption)
        top.append(summary)
        chevron = Button(iconName: "pan-down-symbolic", accessibleLabel: "Rewards options")
        chevron.addCSSClass("flat")
        chevron.valign = .start
        chevron.setAccessibleExpanded(false)
        top.append(chevron)
        root.append(top)

        let progress = Canvas(role: .progressBar, label: profile?.progressText ?? "Progress to the next reward", draw: { _, _, _ in })
        let fraction = profile?.progressToNext ?? 0
        progress.setAccessibleValue(fraction)
        progress.setMargins(top: 0, bottom: 4, start: 16, end: 16)
        progress.onMeasure { orientation, _ in orientation == .horizontal ? (100, 300) : (8, 8) }
        progress.onDraw { snapshot, width, height in
            let track = RewardsTileView.trackColor
            snapshot.fillRounded(Rect(x: 0, y: 0, width: width, height: height), radius: height / 2, color: track)
            snapshot.fillRounded(Rect(x: 0, y: 0, width: max(height, width * fraction), height: height), radius: height / 2,
                                 color: RewardsTileView.starColor)
        }
        root.append(progress)
        let progressText = Label(profile?.progressText ?? (problem ?? ""))
        progressText.addCSSClass("skiff-home-tile-subtitle")
        progressText.setXAlign(0)
        progressText.wraps = true
        progressText.setMargins(top: 4, bottom: 16, start: 16, end: 16)
        root.append(progressText)

        detail = Canvas(role: .group, label: "Reward levels", draw: { _, _, _ in })
        detail.clipsContent = true
        detailContent.setMargins(top: 4, bottom: 16, start: 16, end: 16)
        let heading = Label("Rewards you can get")
        heading.addCSSClass("heading")
        heading.setXAlign(0)
        detailContent.append(heading)
        for reward in profile?.rewards ?? [] {
            let row = Box(.horizontal, spacing: 12)
            let count = Label("\(reward.stars) ★")
            count.addCSSClass("skiff-home-reward-stars")
            count.setSizeRequest(width: 64, height: -1)
            count.setXAlign(0)
            row.append(count)
            let title = Label(reward.title)
            title.wraps = true
            title.setXAlign(0)
            title.hexpand = true
            row.append(title)
            if let balance = profile?.stars, balance >= reward.stars {
                row.append(Image(iconName: "object-select-symbolic", pixelSize: 16))
                row.setAccessibleLabel("\(reward.stars) Stars: \(reward.title), within reach")
            }
            detailContent.append(row)
        }
        detail.addChild(detailContent)
        detailContent.isVisible = false
        detail.onMeasure { [weak self] orientation, forWidth in
            guard let self else { return (0, 0) }
            if orientation == .horizontal { return (0, 0) }
            // The levels measured at the tile's width are the open height (the content is visible, so
            // measurable, whenever the detail is open or opening). The tile's box asks without a width:
            // the last one allocated stands in.
            let width = forWidth > 0 ? forWidth : self.allocatedWidth
            if width > 0, self.detailContent.isVisible {
                self.model.openHeight = Double(self.detailContent.naturalHeight(forWidth: width))
            }
            let h = Int(self.model.detailHeight.rounded())
            return (h, h)
        }
        detail.onAllocate { [weak self] width, _ in
            guard let self else { return }
            let natural = Double(self.detailContent.naturalHeight(forWidth: width))
            if width != self.allocatedWidth {
                self.allocatedWidth = width
                // A new width may wrap the levels differently: measured again after this layout.
                if self.detailContent.isVisible, natural != self.model.openHeight {
                    DispatchQueue.main.async { [weak self] in self?.detail.queueResize() }
                }
            }
            self.detail.allocate(self.detailContent, Rect(x: 0, y: 0, width: Double(width), height: natural))
        }
        detail.onDraw { [weak self] snapshot, _, _ in
            guard let self, self.detailContent.isVisible else { return }
            snapshot.child(self.detailContent, of: self.detail)
        }
        root.append(detail)
        chevron.onClicked { [weak self] in self?.toggle() }
    }

    static let starColor = Color(red: 0.80, green: 0.64, blue: 0.35)
    static let trackColor = Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.25)

    var isExpanded: Bool { model.isExpanded }
    var detailHeight: Double { model.detailHeight }
    var isAnimating: Bool { model.isAnimating }

    func toggle() {
        let now = FrameTicker.now(for: root)
        model.toggle(now: now, animated: Widget.animationsEnabled)
        chevron.iconName = model.isExpanded ? "pan-up-symbolic" : "pan-down-symbolic"
        chevron.setAccessibleExpanded(model.isExpanded)
        apply()
        guard model.isAnimating else { return }
        if ticker == nil { ticker = FrameTicker(widget: root) }
        ticker?.start { [weak self] now in
            guard let self else { return false }
            let more = self.model.tick(now: now)
            self.apply()
            return more
        }
    }

    private func apply() {
        // Shown (at opacity 0 until the fade) from the moment it opens, so its height can be measured;
        // hidden at once when it closes.
        let showContent = model.isExpanded || model.contentOpacity > 0
        if detailContent.isVisible != showContent { detailContent.isVisible = showContent }
        detailContent.opacity = model.contentOpacity
        detail.queueResize()
        onHeightChange?()
    }
}
