import Foundation
import Motion

/// A 2-D scale factor for a transform about the element's centre.
public struct BarScale: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public static let identity = BarScale(x: 1, y: 1)

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

public func lerp(_ a: BarScale, _ b: BarScale, _ t: Double) -> BarScale {
    BarScale(x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t))
}

/// Where the toolbar is in its collapse / expand cycle.
public enum ToolbarState: Sendable, Hashable {
    case expanded
    case collapsed
    /// A pan is scrubbing the collapse, or a committed collapse is finishing (`isCollapsed` tells which).
    case collapsing
    /// A pan is scrubbing the expansion, or a committed expansion is finishing (`isCollapsed` tells which).
    case expanding
    /// A pan released short of the threshold; running back to where it started.
    case reverting
}

/// What the view draws for the toolbar at one instant.
///
/// Offsets are the original's bottom-constraint offsets, in pixels from the window's bottom edge, positive
/// downwards: `barsOffsetY` places the bottom edge of the address-bar strip, `toolbarOffsetY` the bottom edge
/// of the 100-px toolbar. Expanded they are −38 and 0.
///
/// The two alphas are separate because the original keeps the domain label *beside* the bar's chrome, not
/// inside it: `BrowserAddressBar` adds `domainLabel` to itself, while the rounded field, shadow and buttons
/// live in `containerView`, and the collapse fades only `containerView`. So while collapsed the chrome is
/// invisible and the compact domain stays at full opacity. The view must do the same: the domain label is a
/// sibling of the chrome, so neither `barChromeAlpha` nor `currentBarScale` applies to it.
public struct ToolbarPose: Sendable, Equatable {
    public var barsOffsetY: Double
    public var toolbarOffsetY: Double
    /// Opacity of every bar's chrome (field background, shadow, side buttons).
    public var barChromeAlpha: Double
    /// Opacity of the current bar's domain label (its own layer, see above).
    public var domainAlpha: Double
    public var currentBarScale: BarScale
    public var domainScale: Double
    public var sideBarScale: BarScale
    public var state: ToolbarState
    /// True while frames must be requested (an animation is running); false at rest and while scrubbing,
    /// where the pose only changes when input arrives.
    public var isAnimating: Bool
}

/// The interpolated part of a pose.
struct ToolbarGeometry: Equatable {
    var barsOffsetY: Double
    var toolbarOffsetY: Double
    var barChromeAlpha: Double
    var currentBarScale: BarScale
    var domainScale: Double
    var sideBarScale: BarScale

    // Key poses from docs/mechanics.md / the original's constraint constants.
    static let expanded = ToolbarGeometry(
        barsOffsetY: -38, toolbarOffsetY: 0, barChromeAlpha: 1,
        currentBarScale: .identity, domainScale: 1, sideBarScale: .identity)
    /// End of collapse phase 1 (the scrubbable part).
    static let collapseHalfway = ToolbarGeometry(
        barsOffsetY: -8, toolbarOffsetY: 30, barChromeAlpha: 0,
        currentBarScale: .identity, domainScale: 1, sideBarScale: .identity)
    static let collapsed = ToolbarGeometry(
        barsOffsetY: 20, toolbarOffsetY: 80, barChromeAlpha: 0,
        currentBarScale: BarScale(x: 1.2, y: 0.8), domainScale: 0.7, sideBarScale: BarScale(x: 1, y: 0.8))
    /// End of expand phase 1: only the offsets move; the chrome stays hidden and flattened until phase 2.
    static let expandHalfway = ToolbarGeometry(
        barsOffsetY: -22, toolbarOffsetY: 40, barChromeAlpha: 0,
        currentBarScale: BarScale(x: 1.2, y: 0.8), domainScale: 0.7, sideBarScale: BarScale(x: 1, y: 0.8))

    static func lerp(_ a: ToolbarGeometry, _ b: ToolbarGeometry, _ t: Double) -> ToolbarGeometry {
        ToolbarGeometry(
            barsOffsetY: Motion.lerp(a.barsOffsetY, b.barsOffsetY, t),
            toolbarOffsetY: Motion.lerp(a.toolbarOffsetY, b.toolbarOffsetY, t),
            barChromeAlpha: Motion.lerp(a.barChromeAlpha, b.barChromeAlpha, t),
            currentBarScale: BrowserModel.lerp(a.currentBarScale, b.currentBarScale, t),
            domainScale: Motion.lerp(a.domainScale, b.domainScale, t),
            sideBarScale: BrowserModel.lerp(a.sideBarScale, b.sideBarScale, t))
    }
}
