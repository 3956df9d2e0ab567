import CXML2
import Foundation

/// An item's fields into an article, and the feed's at the end of the document.
extension XMLFeedReader {

    mutating func finishItem() {
        guard let state = item else { return }
        item = nil
        capture = nil
        var draft = ArticleDraft()
        draft.titleSource = state.title ?? state.dcTitle ?? ""
        draft.titleIsHTML = state.titleType != .text
        if isAtom {
            draft.contentHTML = Self.html(state.atomContent, state.atomContentType) ?? Self.html(state.atomSummary, state.atomSummaryType)
            draft.summarySource = Self.html(state.atomSummary, state.atomSummaryType) ?? draft.contentHTML
            draft.guid = state.guid
            draft.guidBase = state.guidBase
            draft.link = state.link ?? state.atomAlternate
            draft.author = state.authorName.map(Self.authorName)
            draft.published = state.published ?? state.issued
            draft.updated = state.updated
        } else {
            draft.contentHTML = Self.nonEmpty(state.contentEncoded) ?? Self.nonEmpty(state.xhtmlBody) ?? Self.nonEmpty(state.fullitem)
                ?? Self.nonEmpty(state.description) ?? Self.nonEmpty(state.dcDescription)
            draft.summarySource = Self.nonEmpty(state.description) ?? Self.nonEmpty(state.dcDescription) ?? draft.contentHTML
            draft.guid = state.guid ?? state.rdfAbout.map { String($0.prefix(FeedFormatLimits.guidCharacters)) }
            let permalink = state.guidIsPermaLink ? state.guid : nil
            if permalink != nil { draft.guidBase = state.guidBase }
            draft.linkSource = state.rssLink.map { .text($0.text, base: $0.base, orElse: permalink) }
                ?? .url(state.link ?? permalink.flatMap { FeedURLs.resolve($0, against: nil) })
            draft.author = (state.dcCreator ?? state.rssAuthor ?? state.otherAuthor).map(Self.authorName)
            draft.published = state.pubDate ?? state.dcDate ?? state.published ?? state.issued
            draft.updated = state.updated
        }
        // A podcast's or media feed's item may have nothing but its file, its own title and summary.
        if draft.titleSource.isEmpty {
            draft.titleSource = state.itunesTitle ?? state.mediaTitle ?? state.enclosure.map(Self.fileTitle) ?? ""
            if state.itunesTitle != nil || state.mediaTitle != nil || state.enclosure != nil { draft.titleIsHTML = false }
        }
        if draft.summarySource == nil {
            draft.summarySource = state.itunesSummary ?? state.itunesSubtitle ?? state.mediaDescription
        }
        if let enclosure = state.enclosure, draft.link == nil { draft.link = enclosure }
        draft.media = state.mediaFile.map { file in
            var file = file
            if file.duration == nil { file.duration = state.itunesDuration }
            return file
        }
        draft.imageURL = Self.largest(state.media) ?? state.enclosureImage ?? state.itunesImage
        draft.contentBase = state.contentBase ?? feedURL
        collector.add(draft)
    }

    mutating func finish(format: ParsedFeed.Format, problems: inout ProblemList) -> ParsedFeed {
        if item != nil { finishItem() }
        for (line, message) in problemsFromReader { problems.add(message, line: Int(line)) }
        if unreadableDates > 0, let example = firstUnreadableDate {
            problems.add("\(unreadableDates) \(unreadableDates == 1 ? "date" : "dates") could not be read (\"\(example)\")")
        }
        let source = feedTitle.isEmpty ? feedDCTitle : feedTitle
        let title = feedTitleType == .text
            ? HTMLText.collapsed(source, limit: FeedFormatLimits.feedTitleCharacters)
            : HTMLText.plainText(source, limit: FeedFormatLimits.feedTitleCharacters)
        let articles = collector.finish(problems: &problems)
        return ParsedFeed(format: format, title: title, siteURL: siteURL,
                          iconURL: atomIcon ?? atomLogo ?? channelImage ?? itunesImage,
                          suggestedInterval: ttl ?? syndicationInterval(), articles: articles)
    }

    /// `sy:updatePeriod` divided by `sy:updateFrequency` (RSS 1.0's syndication module; the
    /// period defaults to daily and the frequency to 1).
    func syndicationInterval() -> TimeInterval? {
        guard syPeriod != nil || syFrequency != nil else { return nil }
        let period: TimeInterval
        switch syPeriod ?? "daily" {
        case "hourly": period = 3_600
        case "weekly": period = 7 * 86_400
        case "monthly": period = 30 * 86_400
        case "yearly": period = 365 * 86_400
        default: period = 86_400
        }
        let frequency = syFrequency.flatMap { Double($0) }.flatMap { $0 >= 1 ? $0 : nil } ?? 1
        return period / frequency
    }
}
