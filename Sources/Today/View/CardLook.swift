import Foundation

/// How a card's look (picture, scrims and text inside its rounded corners) reaches the screen.
///
/// Each card's look is painted once into an image and the card then draws that one image and its
/// shadow: a frame moves images, as the floor of plain textures does. The look is painted with cairo
/// on a background queue (`CardFace.paint`), about 1.3 ms of one core a card, where recording it
/// with GTK's own GL renderer took the main thread 8–10 ms on llvmpipe. Under GL the image is drawn
/// as a texture, handed to the renderer as soon as it arrives so the frame that first shows the card
/// does not upload it. Under the cairo renderer its surface is painted as it is (one cairo node): a
/// texture there would be converted into a new surface in every frame (GTK 4.8), which is why cards
/// once drew node by node under cairo; painting the surface is cheaper than either (frame work p50
/// 3.4 against 6.2 ms drawn directly). Figures and the decisions: docs/performance.md ("How cards draw").
public enum CardLook: String, Sendable {
    /// Nodes every time GTK asks for the card's drawing (what the painted look must look like).
    case direct
    /// The look painted once into a texture, kept while the card's content, size and picture stay
    /// the same.
    case cached

    /// Forces one way (tests compare the two; the benchmark A/B's them).
    /// `SKIFF_TODAY_CARDS=direct|cached` sets it at start-up.
    @MainActor public static var forced: CardLook? = ProcessInfo.processInfo.environment["SKIFF_TODAY_CARDS"].flatMap(CardLook.init(rawValue:))

    /// Looks painted so far (tests check the cached path was the one on screen).
    @MainActor public internal(set) static var paintings = 0

    /// The way cards draw: painted, under either renderer, unless a test or the benchmark forces one.
    @MainActor static var current: CardLook { forced ?? .cached }
}

/// What a card's painted look depends on: when any of it changes, the look is painted again.
struct CardLookKey: Equatable {
    let contentID: String
    let width: Double
    let height: Double
    let scale: Int
    /// The card-sized picture drawn (nil: the placeholder), by identity: a new picture is a new look.
    let picture: ObjectIdentifier?
    /// The feed's icon drawn before the eyebrow (only without a picture), by identity.
    var icon: ObjectIdentifier? = nil
}
