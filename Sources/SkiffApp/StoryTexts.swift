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
        let own = paragraphs(article.contentHTML, article: article, feed: feed)
        if feed?.readerView == true, article.link != nil {
            return await reader(article, feed: feed, fallback: own)
        }
        let summaryOnly = own.reduce(0) { $0 + $1.count } < Self.summaryOnlyCharacters
        return StoryText(paragraphs: own, offersReaderView: article.link != nil && summaryOnly)
    }

    /// "Reader View" asked for in one story.
    func readerView(cardID: String) async -> StoryText {
        guard let (article, feed) = read(cardID) else { return StoryText(notice: StoryText.couldNotLoad("the article is gone")) }
        // On failure the text shown stays; only the notice is added.
        return await reader(article, feed: feed, fallback: [])
    }

    private func read(_ cardID: String) -> (StoredArticle, StoredFeed?)? {
        guard let id = Int64(cardID), let article = try? store.article(id) else { return nil }
        return (article, (try? store.feed(article.feedID)) ?? nil)
    }

    private func reader(_ article: StoredArticle, feed: StoredFeed?, fallback: [String]) async -> StoryText {
        if let kept = article.readerHTML, !kept.isEmpty {
            return StoryText(paragraphs: paragraphs(kept, article: article, feed: feed, wholly: true))
        }
        guard let link = article.link else { return StoryText(paragraphs: fallback, notice: StoryText.couldNotLoad("the article has no page")) }
        switch await fetch.article(at: link) {
        case .success(let extracted):
            do {
                try store.setReaderHTML(extracted.html, article: article.id)
            } catch {
                // Shown all the same; it will be fetched again next time.
                logger.warning("the extracted article could not be kept: \(error)")
            }
            return StoryText(paragraphs: withoutLead(extracted.paragraphs, summary: article.summary, wholly: true))
        case .failure(let failure):
            return StoryText(paragraphs: fallback, notice: StoryText.couldNotLoad(failure.description))
        }
    }

    private func paragraphs(_ html: String?, article: StoredArticle, feed: StoredFeed?, wholly: Bool = false) -> [String] {
        guard let html, !html.isEmpty else { return [] }
        return withoutLead(ArticleSanitiser.sanitise(html, base: article.link ?? feed?.url).paragraphs, summary: article.summary, wholly: wholly)
    }

    /// Feeds often make the summary of the first paragraph: it is the story's lead already. In an
    /// article from its page (`wholly`) the first paragraph goes only when the summary says all of it:
    /// a summary that is the page's first sentence must not take the rest of that paragraph with it.
    private func withoutLead(_ paragraphs: [String], summary: String?, wholly: Bool = false) -> [String] {
        guard let first = paragraphs.first, let summary, TodayFeeds.repeats(summary, first) else { return paragraphs }
        if wholly, first.count > summary.count { return paragraphs }
        return Array(paragraphs.dropFirst())
    }
}
