import Foundation
import Gtk

/// How a card's look (picture, scrims and text inside its rounded corners) reaches the screen.
///
/// Under GL (llvmpipe, and any GPU) each card's look is recorded once into a texture and the card
/// then draws that one texture and its shadow: a frame moves textures, as the floor of plain
/// textures does. At the pace (60 wheel notches a second) that took frame work p50 from
/// 2.6× the floor's to 1.1× and frames per second from 0.44× to 0.82×. Under the cairo renderer
/// textures are the slow path in GTK 4.8 and drawing directly is cheaper, so cards draw their
/// nodes there as before. Figures and the decision: NOTES.md ("Today under GL", issue 16).
public enum CardLook: String, Sendable {
    /// Nodes every time GTK asks for the card's drawing.
    case direct
    /// The look recorded once into a texture by the window's renderer, kept while the card's
    /// content, size and picture stay the same.
    case cached

    /// Forces one way (tests compare the two; the benchmark A/B's them).
    /// `SKIFF_TODAY_CARDS=direct|cached` sets it at start-up.
    @MainActor public static var forced: CardLook? = ProcessInfo.processInfo.environment["SKIFF_TODAY_CARDS"].flatMap(CardLook.init(rawValue:))

    /// Looks recorded so far (tests check the cached path was the one on screen).
    @MainActor public internal(set) static var recordings = 0

    /// The way for `widget`'s window: its renderer decides.
    @MainActor static func current(for widget: Widget) -> CardLook {
        forced ?? (widget.usesCairoRenderer ? .direct : .cached)
    }
}

/// What a card's recorded look depends on: when any of it changes, the look is recorded again.
struct CardLookKey: Equatable {
    let contentID: String
    let width: Double
    let height: Double
    let scale: Int
    /// The card-sized picture drawn (nil: the placeholder), by identity: a new picture is a new look.
    let picture: ObjectIdentifier?
}

/// For measuring what each kind of node costs a renderer: `SKIFF_TODAY_OMIT=shadow,clip,scrims,text`
/// leaves those out of every card (the benchmark's breakdown in NOTES.md). Never set in use.
enum CardLookExperiment: String, CaseIterable {
    case shadow, clip, scrims, text

    static let omitted: Set<CardLookExperiment> = Set(
        (ProcessInfo.processInfo.environment["SKIFF_TODAY_OMIT"] ?? "").split(separator: ",").compactMap { CardLookExperiment(rawValue: String($0)) })

    static func omits(_ kind: CardLookExperiment) -> Bool { omitted.contains(kind) }
}
