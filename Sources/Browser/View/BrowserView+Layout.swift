import BrowserModel
import Foundation
import Gtk

/// Placing and drawing: the pages where the pager puts them, the bars where the pager, the
/// toolbar pose and the editing pose put them. Read-only over the models.
extension BrowserView {
    /// Where the bar strip's top edge is, for a window of height `h`.
    func stripTop(height h: Double, pose: ToolbarPose) -> Double {
        h + pose.barsOffsetY - Self.stripHeight
    }

    func layoutRoot(width: Double, height: Double) {
        if pager.metrics.containerWidth != width { pager.setContainerWidth(width, now: now) }
        let pose = collapse.pose(now: now)
        let edit = editing.pose(now: now)
        // The page is resized only when the toolbar has settled: resizing a web view every frame
        // relayouts the page every frame. While it moves, the chrome slides over the page.
        if pose.state == .collapsed || pose.state == .expanded { laidOut.pageHeightState = pose.state }
        // Fullscreen: the page takes the whole window; chrome brought back lies over its bottom.
        let chromeHeight = laidOut.pageHeightState == .collapsed ? Self.collapsedChromeHeight : Self.stripHeight + Self.buttonRowHeight
        let pagesHeight = height - (fullscreen.isFullscreen ? 0 : chromeHeight)
        root.allocate(pagesArea, Rect(x: 0, y: 0, width: width, height: max(1, pagesHeight)))
        if noticeBanner.isShown {
            let h = Double(noticeBanner.root.naturalHeight(forWidth: Int(width)))
            root.allocate(noticeBanner.root, Rect(x: 0, y: 0, width: width, height: h))
        }
        if tabOverview.root.isVisible { root.allocate(tabOverview.root, Rect(x: 0, y: 0, width: width, height: height)) }
        if fullscreen.hidesChrome { return }
        let top = stripTop(height: height, pose: pose)
        root.setChildVisible(barsArea, !findBar.isOpen)
        root.setChildVisible(findBar.root, findBar.isOpen)
        if findBar.isOpen {
            root.allocate(findBar.root, Rect(x: 12, y: top + (Self.stripHeight - AddressBarView.height) / 2,
                                             width: max(1, width - 24), height: AddressBarView.height))
        } else {
            root.allocate(barsArea, Rect(x: 0, y: top, width: width, height: Self.stripHeight))
        }
        root.allocate(toolbar.row, Rect(x: 0, y: height - Self.buttonRowHeight + pose.toolbarOffsetY, width: width, height: Self.buttonRowHeight))
        toolbar.row.opacity = max(0, 1 - pose.toolbarOffsetY / 60)

        let current = pager.layout(now: now).bars.first { $0.tabID == pager.tabs.current.id }
        let barX = current?.x ?? 24, barWidth = current?.width ?? width - 48
        let cancelWidth = 72.0
        toolbar.cancel.opacity = edit.cancelAlpha
        toolbar.cancelShown = edit.cancelAlpha > 0.01
        root.setChildVisible(toolbar.cancel, toolbar.cancelShown)
        if toolbar.cancelShown {
            root.allocate(toolbar.cancel, Rect(x: barX + barWidth - cancelWidth * edit.cancelAlpha + 8, y: top + (Self.stripHeight - 34) / 2 + edit.barLiftY,
                                             width: cancelWidth - 8, height: 34))
        }
        suggestions.root.opacity = edit.suggestionsAlpha
        suggestions.isShown = edit.suggestionsAlpha > 0.01 && suggestions.count > 0
        root.setChildVisible(suggestions.root, suggestions.isShown)
        if suggestions.isShown {
            let h = min(suggestions.preferredHeight, max(60, top - 16))
            // As wide as the edited bar, which gives way to Cancel: the panel never overhangs it.
            let panelWidth = max(120, barWidth - cancelWidth * edit.cancelAlpha)
            root.allocate(suggestions.root, Rect(x: barX, y: top - h - 6 + edit.suggestionsOffsetY + edit.barLiftY, width: panelWidth, height: h))
        }
    }

    /// In fullscreen the bars and toolbar go entirely (not drawn, not read out, not focusable)
    /// until the pointer or the keyboard brings them back.
    func showChrome(_ shown: Bool) {
        // Hidden, not only unmapped: GTK presents unmapped children to assistive technology.
        if toolbar.row.isVisible != shown { toolbar.row.isVisible = shown }
        if barsArea.isVisible != shown { barsArea.isVisible = shown }
        guard !shown else { return }
        for widget in [findBar.root, toolbar.cancel, suggestions.root] as [Widget] { root.setChildVisible(widget, false) }
        toolbar.cancelShown = false
        suggestions.isShown = false
    }

    func layoutPages(width: Double, height: Double) {
        let layout = pager.layout(now: now)
        var shown = Set<ObjectIdentifier>()
        for page in layout.pages {
            let widget: Widget = page.tabID.flatMap { pages[$0]?.root } ?? newTabPage
            // Pages entirely off screen are not drawn, not picked and not read out.
            let isCurrent = page.tabID == pager.tabs.current.id
            let onScreen = page.x < width && page.x + width > 0 && (page.alpha > 0.001 || isCurrent)
            pagesArea.setChildVisible(widget, onScreen)
            guard onScreen else { continue }
            shown.insert(ObjectIdentifier(widget))
            widget.opacity = page.alpha
            pagesArea.allocate(widget, Rect(x: page.x, y: 0, width: width, height: height), scaleX: page.scale, scaleY: page.scale)
        }
        if !layout.pages.contains(where: \.isNewTabPlaceholder) { pagesArea.setChildVisible(newTabPage, false) }
        laidOut.pages = shown
    }

    func layoutBars(width: Double, height: Double) {
        let layout = pager.layout(now: now)
        let pose = collapse.pose(now: now)
        let edit = editing.pose(now: now)
        let currentID = pager.tabs.current.id
        let barHeight = AddressBarView.height
        let cancelRoom = 72.0 * edit.cancelAlpha
        var placed = Set<ObjectIdentifier>()
        for bar in layout.bars {
            let view = bar.tabID.flatMap { bars[$0] } ?? newTabBar
            let isCurrent = bar.tabID == currentID
            let index = bar.index, currentIndex = pager.tabs.currentIndex
            var x = bar.x, w = bar.width, y = (height - barHeight) / 2
            if isCurrent {
                y += edit.barLiftY
                w -= cancelRoom
                view.chromeScale = (pose.currentBarScale.x, pose.currentBarScale.y)
                view.domainScale = pose.domainScale
                view.chromeAlpha = pose.barChromeAlpha
                // One entry is both the domain and the field being edited: editing never hides it.
                view.entry.opacity = pose.domainAlpha
                view.canvas.opacity = bar.alpha
            } else {
                x += index < currentIndex ? -edit.sideBarsOffsetX : edit.sideBarsOffsetX
                view.chromeScale = (pose.sideBarScale.x, pose.sideBarScale.y)
                view.domainScale = 1
                view.chromeAlpha = pose.barChromeAlpha
                view.entry.opacity = pose.barChromeAlpha
                view.canvas.opacity = bar.alpha * edit.sideBarsAlpha
            }
            view.plusAlpha = bar.plusAlpha
            // The current bar stays mapped even while transparent (a new tab's bar fading in):
            // unmapping the focus widget would send the keyboard focus elsewhere.
            let onScreen = x < width && x + w > 0 && (view.canvas.opacity > 0.001 || isCurrent)
            barsArea.setChildVisible(view.canvas, onScreen)
            guard onScreen else { continue }
            placed.insert(ObjectIdentifier(view))
            barsArea.allocate(view.canvas, Rect(x: x, y: y, width: max(1, w), height: barHeight))
            view.canvas.queueDraw()
        }
        if !layout.bars.contains(where: \.isNewTabPlaceholder) { barsArea.setChildVisible(newTabBar.canvas, false) }
        laidOut.bars = placed
    }

    func drawRoot(_ snapshot: Snapshot, width: Double, height: Double) {
        if tabOverview.coversBrowser { return snapshot.child(tabOverview.root, of: root) }
        snapshot.child(pagesArea, of: root)
        if noticeBanner.isShown { snapshot.child(noticeBanner.root, of: root) }
        if fullscreen.hidesChrome {
            if tabOverview.root.isVisible { snapshot.child(tabOverview.root, of: root) }
            return
        }
        let pose = collapse.pose(now: now)
        let top = stripTop(height: height, pose: pose)
        // The chrome's backdrop: under the bars and toolbar, over the page, with a hairline on top.
        let backdrop = Rect(x: 0, y: top, width: width, height: max(0, height - top))
        let colors = root.themeColors
        snapshot.fill(backdrop, color: colors.window.withAlpha(0.97))
        snapshot.fill(Rect(x: 0, y: top, width: width, height: 1), color: colors.foreground.withAlpha(0.12 * pose.barChromeAlpha))
        if findBar.isOpen { snapshot.child(findBar.root, of: root) } else { snapshot.child(barsArea, of: root) }
        snapshot.child(toolbar.row, of: root)
        if toolbar.cancelShown { snapshot.child(toolbar.cancel, of: root) }
        if suggestions.isShown { snapshot.child(suggestions.root, of: root) }
        if tabOverview.root.isVisible { snapshot.child(tabOverview.root, of: root) }
    }

    func drawPages(_ snapshot: Snapshot) {
        for page in pager.layout(now: now).pages {
            let widget: Widget = page.tabID.flatMap { pages[$0]?.root } ?? newTabPage
            if laidOut.pages.contains(ObjectIdentifier(widget)) { snapshot.child(widget, of: pagesArea) }
        }
    }

    func drawBars(_ snapshot: Snapshot) {
        for bar in pager.layout(now: now).bars {
            let view = bar.tabID.flatMap { bars[$0] } ?? newTabBar
            if laidOut.bars.contains(ObjectIdentifier(view)) { snapshot.child(view.canvas, of: barsArea) }
        }
    }
}

/// What the last layout put on screen, for the draw that follows it: the pages and bars in view,
/// and the toolbar state the page's height was last settled for (it is resized only then).
struct LaidOut {
    var pages = Set<ObjectIdentifier>()
    var bars = Set<ObjectIdentifier>()
    var pageHeightState: ToolbarState = .expanded
}
