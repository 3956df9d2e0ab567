import Foundation

/// Problems of one parse, at most `FeedFormatLimits.problemsKept` listed; the rest counted.
struct ProblemList {
    private(set) var items: [FeedFormatProblem] = []
    private var dropped = 0

    mutating func add(_ message: String, line: Int? = nil) {
        guard items.count < FeedFormatLimits.problemsKept else {
            dropped += 1
            return
        }
        let problem = FeedFormatProblem(line: line, message: message)
        // libxml2 repeats itself while recovering; once per line is enough.
        if items.last != problem { items.append(problem) }
    }

    var all: [FeedFormatProblem] {
        dropped == 0 ? items : items + [FeedFormatProblem(message: "\(dropped) more problems not listed")]
    }
}

/// An item as read, before the decisions every format shares (identity, dates, picture, limits).
/// Texts stay as published until the article is known to be kept: of a 1,000-item feed only the
/// newest 500 pay for plain text and the picture search (BENCHMARKS.md, feed-parse).
struct ArticleDraft {
    var guid: String?
    /// Where a relative `guid` is resolved, for an article kept (nil: kept as written; an RSS guid
    /// with `isPermaLink="false"` is not a reference). Left until then, as links are: URL parsing
    /// is dear (BENCHMARKS.md, feed-parse).
    var guidBase: URL?
    /// The link as read: RSS's is resolved only when needed — for an article kept, or for the identity
    /// of one without a guid — since half of a 1,000-item feed is dropped (BENCHMARKS.md, feed-parse).
    var linkSource = DraftLink.url(nil)
    var link: URL? {
        get { linkSource.resolved }
        set { linkSource = .url(newValue) }
    }
    var titleSource = ""
    /// False for Atom's `type="text"`: nothing to strip or decode.
    var titleIsHTML = true
    /// The HTML (or text) the card's summary is made from.
    var summarySource: String?
    var contentHTML: String?
    var author: String?
    var published: Date?
    var updated: Date?
    var imageURL: URL?
    var media: ParsedMedia?
    /// When there is no `imageURL`, the first <img> of `contentHTML` is resolved against this.
    var contentBase: URL?

    /// The article a card shows: plain texts, bounded (docs/feeds.md, "Formats" and "Limits").
    func article() -> ParsedArticle {
        var title = titleIsHTML
            ? HTMLText.plainText(titleSource, limit: FeedFormatLimits.titleCharacters)
            : HTMLText.collapsed(titleSource, limit: FeedFormatLimits.titleCharacters)
        let summary = summarySource
            .map { HTMLText.plainText($0, limit: FeedFormatLimits.summaryCharacters) }
            .flatMap { $0.isEmpty ? nil : $0 }
        if title.isEmpty, let summary { title = HTMLText.collapsed(summary, limit: 100) }
        let author = author.flatMap { $0.isEmpty ? nil : HTMLText.collapsed($0, limit: FeedFormatLimits.feedTitleCharacters) }
        let image = imageURL ?? contentBase.flatMap { base in
            contentHTML.flatMap(HTMLText.firstImageSource).flatMap { FeedURLs.resolve($0, against: base) }
        }
        let identity = guidBase.flatMap { base in
            self.guid.map { String(FeedURLs.identifier($0, against: base).prefix(FeedFormatLimits.guidCharacters)) }
        } ?? self.guid
        return ParsedArticle(guid: identity, link: link, title: title, summary: summary, contentHTML: contentHTML,
                             author: author, published: published ?? updated, updated: updated, imageURL: image, media: media)
    }
}

/// An item's link: resolved, or the text to resolve against its base, else the guid that is a permalink.
enum DraftLink {
    case url(URL?)
    case text(String, base: URL, orElse: String?)

    var resolved: URL? {
        switch self {
        case .url(let url): url
        case .text(let text, let base, let permalink):
            FeedURLs.resolve(text, against: base) ?? permalink.flatMap { FeedURLs.resolve($0, against: nil) }
        }
    }
}

/// Turns drafts into the feed's articles: the first of each id kept, dates kept within bounds,
/// and the newest `FeedFormatLimits.articlesPerFeed` kept in document order, with memory bounded
/// while a 1,000,000-item document streams by (docs/feeds.md, "Limits").
struct ArticleCollector {
    let now: Date
    private var kept: [(index: Int, draft: ArticleDraft)] = []
    private var seen: Set<String> = []
    private var count = 0
    private var duplicates = 0
    private var futureDates = 0
    private var ancientDates = 0
    private var empty = 0

    init(now: Date) {
        self.now = now
    }

    mutating func add(_ draft: ArticleDraft) {
        var draft = draft
        // An item with only a date, an author or a file is still an item the publisher wrote (a
        // podcast's episode, a minimal entry): only one with nothing to show is skipped.
        guard !draft.titleSource.isEmpty || draft.link != nil || draft.guid != nil || draft.contentHTML != nil
            || draft.summarySource != nil || draft.published != nil || draft.updated != nil || draft.author != nil
            || draft.media != nil || draft.imageURL != nil else {
            empty += 1
            return
        }
        let identity = draft.guid ?? draft.link?.absoluteString
        if let identity {
            guard seen.insert(identity).inserted else {
                duplicates += 1
                return
            }
        }
        draft.published = clamp(draft.published)
        draft.updated = clamp(draft.updated)
        kept.append((count, draft))
        count += 1
        if kept.count >= 2 * FeedFormatLimits.articlesPerFeed { trim() }
    }

    private mutating func clamp(_ date: Date?) -> Date? {
        guard let date else { return nil }
        if date < FeedFormatLimits.earliestDate {
            ancientDates += 1
            return nil
        }
        if date.timeIntervalSince(now) > FeedFormatLimits.futureTolerance {
            futureDates += 1
            return now
        }
        return date
    }

    /// Keeps the newest; undated articles rank by their place in the document, after dated ones.
    private mutating func trim() {
        guard kept.count > FeedFormatLimits.articlesPerFeed else { return }
        kept.sort { lhs, rhs in
            let l = lhs.draft.published ?? lhs.draft.updated ?? .distantPast
            let r = rhs.draft.published ?? rhs.draft.updated ?? .distantPast
            return l != r ? l > r : lhs.index < rhs.index
        }
        kept.removeLast(kept.count - FeedFormatLimits.articlesPerFeed)
        kept.sort { $0.index < $1.index }
    }

    mutating func finish(problems: inout ProblemList) -> [ParsedArticle] {
        trim()
        if count > kept.count {
            problems.add("The feed has \(count) articles; the newest \(kept.count) are kept")
        }
        if duplicates > 0 {
            problems.add("\(duplicates) \(duplicates == 1 ? "article repeats" : "articles repeat") an earlier id and \(duplicates == 1 ? "was" : "were") skipped")
        }
        if futureDates > 0 {
            problems.add("\(futureDates) \(futureDates == 1 ? "date lies" : "dates lie") in the future and \(futureDates == 1 ? "was" : "were") taken as now")
        }
        if ancientDates > 0 {
            problems.add("\(ancientDates) \(ancientDates == 1 ? "date is" : "dates are") before 1990 and \(ancientDates == 1 ? "was" : "were") ignored")
        }
        if empty > 0 { problems.add("\(empty) empty \(empty == 1 ? "item was" : "items were") skipped") }
        return kept.map { $0.draft.article() }
    }

}
