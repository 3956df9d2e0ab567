import FeedFormat
import Foundation

// feed-corpus: the parser's reading of each document, as JSON, for tools/feed-corpus.py to check
// against a public corpus (docs/feeds.md, "The public corpus"). A developer's tool: never installed.
//
// Reads lines "PATH<TAB>ADDRESS<TAB>CHARSET" on standard input (CHARSET may be empty: the HTTP
// charset, as the corpus's served tests give one) and writes one JSON object a line to standard
// output: {"path", "ok", "error"?, "feed"?: {"title", "link"}, "entries"?: [...]}. Dates are
// seconds since 1970; the script turns them into feedparser's UTC 9-tuples.

func dump(path: String, address: URL, charset: String?) -> [String: Any] {
    var result: [String: Any] = ["path": path]
    guard let data = FileManager.default.contents(atPath: path) else {
        result["ok"] = false
        result["error"] = "unreadable file"
        return result
    }
    switch FeedParser.parse(data: data, url: address, httpCharset: charset) {
    case let .failure(error):
        result["ok"] = false
        result["error"] = error.description
    case let .success(feed):
        result["ok"] = true
        var head: [String: Any] = ["title": feed.title]
        if let site = feed.siteURL { head["link"] = site.absoluteString }
        result["feed"] = head
        result["entries"] = feed.articles.map { article -> [String: Any] in
            var entry: [String: Any] = ["title": article.title]
            if let link = article.link { entry["link"] = link.absoluteString }
            if let guid = article.guid { entry["id"] = guid }
            if let author = article.author { entry["author"] = author }
            if let summary = article.summary { entry["summary"] = summary }
            if let html = article.contentHTML {
                // What the story shows: the article's HTML through Skiff's own allow-list.
                entry["content"] = ArticleSanitiser.sanitise(html, base: article.link ?? address).html
            }
            if let date = article.published { entry["published"] = date.timeIntervalSince1970 }
            if let date = article.updated { entry["updated"] = date.timeIntervalSince1970 }
            if let media = article.media {
                var enclosure: [String: Any] = ["href": media.url.absoluteString, "kind": media.kind.rawValue]
                if let type = media.mimeType { enclosure["type"] = type }
                if let duration = media.duration { enclosure["duration"] = duration }
                entry["enclosures"] = [enclosure]
            }
            return entry
        }
        result["problems"] = feed.problems.map(\.description)
    }
    return result
}

while let line = readLine(strippingNewline: true) {
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard fields.count >= 2, let address = URL(string: fields[1]) else { continue }
    let charset = fields.count > 2 && !fields[2].isEmpty ? fields[2] : nil
    var object = dump(path: fields[0], address: address, charset: charset)
    if !JSONSerialization.isValidJSONObject(object) { object = ["path": fields[0], "ok": false, "error": "not encodable"] }
    if var output = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) {
        output.append(0x0A)
        FileHandle.standardOutput.write(output)
    }
}
