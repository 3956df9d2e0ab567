import FeedFormat
import FeedStore
import FeedSync
import Foundation
import Logging
import TodayModel

/// A story's text from the feeds database: the article's content sanitised; with Reader View (the
/// feed's choice in Subscriptions, or the story's button) the article from its page instead,
/// fetched once and kept with the article (docs/feeds.md, "Reader View"). Never on the main thread
/// but for the HTTP exchange itself, which runs on the GLib main loop without blocking it.
final class StoryTexts: Sendable {
    /// An article whose content has fewer characters of text than this gave only a summary: its
    /// story offers Reader View (docs/feeds.md).
    static let summaryOnlyCharacters = 1_000

    private let store: FeedStore
    private let fetch: ReaderFetch
    private let logger = Logger(label: "skiff.today.reader")

    init(store: FeedStore, fetch: ReaderFetch) {
        self.store = store
        self.fetch = fetch
    }

    /// The text a story opens with.
    func body(cardID: String) async -> StoryText {
        guard let (article, feed) = read(cardID) else { return StoryText() }
        let own = text(article.contentHTML, article: article, feed: feed)
        if feed?.readerView == true, article.link != nil {
            return await reader(article, feed: feed, fallback: own)
        }
        let summaryOnly = own.paragraphs.reduce(0) { $0 + $1.count } < Self.summaryOnlyCharacters
        var story = own
        // A podcast's episode that links to its own file has no page to read an article from.
        story.offersReaderView = article.link != nil && article.link != article.media?.url && summaryOnly
        return story
    }

    /// "Reader View" asked for in one story.
    func readerView(cardID: String) async -> StoryText {
        guard let (article, feed) = read(cardID) else { return StoryText(notice: StoryText.couldNotLoad("the article is gone")) }
        // On failure the text shown stays; only the notice is added.
        return await reader(article, feed: feed, fallback: StoryText())
    }

    private func read(_ cardID: String) -> (StoredArticle, StoredFeed?)? {
        guard let id = Int64(cardID), let article = try? store.article(id) else { return nil }
        return (article, (try? store.feed(article.feedID)) ?? nil)
    }

    private func reader(_ article: StoredArticle, feed: StoredFeed?, fallback: StoryText) async -> StoryText {
        if let kept = article.readerHTML, !kept.isEmpty {
            return text(kept, article: article, feed: feed, wholly: true)
        }
        var failed = fallback
        failed.offersReaderView = false
        guard let link = article.link else {
            failed.notice = StoryText.couldNotLoad("the article has no page")
            return failed
        }
        switch await fetch.article(at: link) {
        case .success(let extracted):
            do {
                try store.setReaderHTML(extracted.html, article: article.id)
            } catch {
                // Shown all the same; it will be fetched again next time.
                logger.warning("the extracted article could not be kept: \(error)")
            }
            // Sanitised again as the kept copy will be next time, so both show the same pictures.
            return text(extracted.html, article: article, feed: feed, wholly: true)
        case .failure(let failure):
            failed.notice = StoryText.couldNotLoad(failure.description)
            return failed
        }
    }

    /// The story's paragraphs and pictures from `html`, without the lead the card shows already
    /// and without the picture its header shows.
    private func text(_ html: String?, article: StoredArticle, feed: StoredFeed?, wholly: Bool = false) -> StoryText {
        guard let html, !html.isEmpty else { return StoryText() }
        let sanitised = ArticleSanitiser.sanitise(html, base: article.link ?? feed?.url)
        let (paragraphs, replacesLead) = StoryLead.arrange(sanitised.paragraphs, summary: article.summary, wholly: wholly)
        let dropped = sanitised.paragraphs.count - paragraphs.count
        let header = [article.imageURL, article.pagePictureURL].compactMap { $0?.absoluteString }
        let pictures = sanitised.pictures.filter { !header.contains($0.address) }.map {
            StoryText.Picture(address: $0.address, alternative: $0.alternative, width: $0.width, height: $0.height,
                              afterParagraph: max(0, $0.afterParagraph - dropped))
        }
        return StoryText(paragraphs: paragraphs, pictures: pictures, replacesLead: replacesLead)
    }
}
