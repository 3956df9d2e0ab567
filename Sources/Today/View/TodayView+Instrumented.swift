import Foundation
import Gtk
import TodayModel

/// What tests and the benchmark read of Today: read-only, from what GTK and the model hold.
extension TodayView {
    /// The cards on screen: title and frame in the section's coordinates, in feed order.
    public var visibleCards: [(title: String, frame: Rect)] {
        guard let grid, let feed = loadedFeed else { return [] }
        return grid.visibleCards.compactMap { item in
            guard let frame = grid.visibleFrame(of: item.index) else { return nil }
            return (feed.content(at: item.index).title, frame)
        }
    }
    /// Titles of the cards on screen whose last drawing showed their picture, not their designed look.
    public var visibleCardsShowingPictures: [String] {
        grid?.visibleCards.filter { $0.view.content?.imagePath != nil && $0.view.showsPicture }.compactMap { $0.view.content?.title } ?? []
    }
    /// The card on screen titled `title` (tests read its pixels).
    public func visibleCardWidget(titled title: String) -> Widget? {
        grid?.visibleCards.first { $0.view.content?.title == title }?.view.canvas
    }
    /// What a screen reader finds for each card on screen: role, name, description.
    public var visibleCardAccessibility: [(isButton: Bool, name: String?, description: String?, focusable: Bool)] {
        grid?.visibleCards.map { ($0.view.canvas.accessibleRole == .button, $0.view.canvas.accessibleLabel,
                                  $0.view.canvas.accessibleDescription, $0.view.canvas.isFocusable) } ?? []
    }
    /// Titles of the cards on screen that are held down.
    public var pressedCardTitles: [String] {
        guard let grid, let feed = loadedFeed else { return [] }
        return grid.visibleCards.filter { $0.view.isPressed }.map { feed.content(at: $0.index).title }
    }
    public var isStoryOpen: Bool { story?.isOpen ?? false }
    public var isStoryShown: Bool { story?.isShown ?? false }
    /// The story has finished growing out of its card (its text laid out at its final size).
    public var isStorySettled: Bool { story?.isSettled ?? false }
    /// Whether a card's (or the story's) menu is open.
    public var cardMenuIsOpen: Bool { cardMenu.isOpen }
    public var storyTitle: String? { story?.index.flatMap { loadedFeed?.content(at: $0).title } }
    public var errorMessage: String? { errorView?.message }
    /// The open story's article page, if it is an article's.
    public var storyLink: URL? { story?.link }
    /// The open story's text as laid out so far (what a reader of the story sees).
    public var storyText: [String] { story?.bodyTexts ?? [] }
    /// Whether the open story offers "Reader View" (its button is shown).
    public var storyOffersReaderView: Bool { story?.offersReaderView ?? false }
    /// The sections' titles as their headers show them, in order.
    public var sectionTitles: [String] {
        guard let feed = loadedFeed else { return [] }
        return (0..<feed.sectionCardCounts.count).map { feed.header(at: $0).title }
    }
    public var problemsText: String? { banner.text }
    public var scrollOffset: Double { grid?.scrollOffset ?? 0 }
    /// Pictures still being decoded or scaled in the background.
    public var isLoadingImages: Bool { images.isBusy }
    /// Card-sized pictures made so far (what the cards draw).
    public var cardPicturesShown: Int { images.readyCardPictures }
    public var contentHeight: Double { grid?.layout?.contentHeight ?? 0 }
    public var decodedImageCount: Int { images.count }
    /// Bytes of decoded picture pixels held now (bounded by `PictureLimits.decodedBytes`).
    public var decodedImageBytes: Int { images.decodedBytes }
    /// Whether pictures are still being decoded.
    public var isDecodingImages: Bool { images.isBusy }
    /// The open story's paragraphs laid out so far, and whether more are coming (long stories are
    /// laid out in batches after opening).
    public var storyParagraphsLaidOut: Int { story?.laidOutParagraphs ?? 0 }
    public var isLayingOutStory: Bool { story?.isLayingOutBody ?? false }
    public var cardWidgetCount: Int { grid?.visibleCards.count ?? 0 }
    public func scroll(to offset: Double) { grid?.setOffset(offset) }
    /// Closes the open story back into its card (as Escape does).
    public func closeOpenStory() { closeStory() }
    public func openFirstVisibleCard() {
        if let index = grid?.visibleCards.first?.index { openStory(index) }
    }
    public func focusGrid() { grid?.container.grabFocus() }
}

/// The grid scrolled as its scrollbar moves it.
extension TodayView: Instrumented {
    public func perform(_ gesture: ScriptedGesture) {
        if case .scrolled(let offset) = gesture { scroll(to: offset) }
    }
}
