import Foundation
import JSONReader

/// JSON Feed 1.0 and 1.1 (https://jsonfeed.org/version/1.1) through Skiff's own JSON parser, which
/// locates every problem by line.
enum JSONFeedReader {
    static func read(_ data: Data, url: URL, now: Date, problems: inout ProblemList) -> Result<ParsedFeed, FeedFormatError> {
        let root: JSONValue
        do {
            root = try JSONParser.parse(data)
        } catch {
            return .failure(.unreadable(line: error.position.line, message: error.message))
        }
        guard root.objectMembers != nil else { return .failure(.notAFeed(.other)) }
        let version = root["version"]?.stringValue ?? ""
        let format: ParsedFeed.Format
        if version.hasSuffix("jsonfeed.org/version/1.1") {
            format = .jsonFeed11
        } else if version.hasSuffix("jsonfeed.org/version/1") {
            format = .jsonFeed10
        } else if root["items"]?.arrayValue != nil {
            format = .jsonFeed10
            problems.add(version.isEmpty ? "No JSON Feed \"version\"; read as JSON Feed 1.0"
                : "Unknown JSON Feed version \"\(version.prefix(80))\"; read as JSON Feed 1.0", line: root.position.line)
        } else {
            return .failure(.notAFeed(.other))
        }
        let items = root["items"]?.arrayValue ?? []
        if let value = root["items"], value.arrayValue == nil {
            problems.add("\"items\" must be an array, found \(value.typeDescription)", line: value.position.line)
        }
        var collector = ArticleCollector(now: now)
        var unreadableDates = 0
        for item in items {
            guard item.objectMembers != nil else {
                problems.add("An item must be an object, found \(item.typeDescription); skipped", line: item.position.line)
                continue
            }
            var draft = ArticleDraft()
            draft.guid = (item["id"]?.stringValue ?? item["id"]?.numberValue.map { number in
                number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
            }).map { String($0.trimmingCharacters(in: .whitespacesAndNewlines).prefix(FeedFormatLimits.guidCharacters)) }
                .flatMap { $0.isEmpty ? nil : $0 }
            draft.link = string(item, "url").flatMap { FeedURLs.resolve($0, against: url) }
                ?? string(item, "external_url").flatMap { FeedURLs.resolve($0, against: url) }
            draft.titleSource = string(item, "title") ?? ""
            let text = string(item, "content_text")
            draft.contentHTML = string(item, "content_html") ?? text.map(HTMLText.escapedParagraphs)
            draft.summarySource = string(item, "summary") ?? text ?? draft.contentHTML
            draft.author = (item["authors"]?.arrayValue?.first ?? item["author"]).flatMap { string($0, "name") }
            for (key, keyPath) in [("date_published", \ArticleDraft.published), ("date_modified", \ArticleDraft.updated)] {
                guard let text = string(item, key) else { continue }
                if let date = FeedDates.parse(text) { draft[keyPath: keyPath] = date } else { unreadableDates += 1 }
            }
            draft.imageURL = string(item, "image").flatMap { FeedURLs.resolve($0, against: url) }
                ?? string(item, "banner_image").flatMap { FeedURLs.resolve($0, against: url) }
            draft.media = media(item, base: url)
            draft.contentBase = url
            collector.add(draft)
        }
        if unreadableDates > 0 { problems.add("\(unreadableDates) \(unreadableDates == 1 ? "date" : "dates") could not be read") }
        let articles = collector.finish(problems: &problems)
        return .success(ParsedFeed(
            format: format,
            title: string(root, "title").map { HTMLText.plainText($0, limit: FeedFormatLimits.feedTitleCharacters) } ?? "",
            siteURL: string(root, "home_page_url").flatMap { FeedURLs.resolve($0, against: url) },
            iconURL: (string(root, "icon") ?? string(root, "favicon")).flatMap { FeedURLs.resolve($0, against: url) },
            articles: articles))
    }

    /// The first audio or video attachment (`mime_type`, `duration_in_seconds`).
    private static func media(_ item: JSONValue, base: URL) -> ParsedMedia? {
        for attachment in item["attachments"]?.arrayValue ?? [] {
            guard let link = string(attachment, "url").flatMap({ FeedURLs.resolve($0, against: base) }) else { continue }
            let seconds = attachment["duration_in_seconds"]?.numberValue
            if let media = MediaFile.media(url: link, type: string(attachment, "mime_type"), duration: seconds) { return media }
        }
        return nil
    }

    private static func string(_ object: JSONValue, _ key: String) -> String? {
        guard let value = object[key]?.stringValue, value.contains(where: { !$0.isWhitespace }) else { return nil }
        return value
    }
}
