import Foundation

/// How far ahead of the viewport the grid prepares cards (issue 16): the screen of cards beyond
/// the overscan, in the direction the feed last scrolled, is dealt to pooled cards that stay
/// hidden (not drawn, not presented to assistive technology) while they are made ready.
///
/// - `pictures`: their pictures are decoded and scaled in the background, so a card comes on
///   screen with its picture rather than its placeholder.
/// - `looks` (the default): also, under `CardLook.cached`, each card's look is queued for painting
///   off the main thread as soon as its picture is ready, nearest the viewport first; a frame that
///   scrolls then only moves textures. Figures: docs/performance.md ("Ready ahead, and the pictures queue" and
///   "How cards draw").
public enum LookAhead: String, Sendable {
    /// Only the overscan around the viewport is dealt, and looks are painted inside the frame
    /// that first draws a card (the way before this change; kept for the benchmark's A/B).
    case none
    case pictures
    case looks

    /// `SKIFF_TODAY_AHEAD=none|pictures|looks` sets it at start-up (the benchmark's A/B).
    @MainActor public static var mode: LookAhead =
        ProcessInfo.processInfo.environment["SKIFF_TODAY_AHEAD"].flatMap(LookAhead.init(rawValue:)) ?? .looks
}
