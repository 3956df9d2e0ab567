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
    case pictures
    case looks

    /// `SKIFF_TODAY_AHEAD=pictures|looks` sets it at start-up (the A/B of docs/performance.md).
    @MainActor public static var mode: LookAhead =
        ProcessInfo.processInfo.environment["SKIFF_TODAY_AHEAD"].flatMap(LookAhead.init(rawValue:)) ?? .looks
}
