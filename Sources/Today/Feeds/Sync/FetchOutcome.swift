import FeedFormat
import FeedStore
import Foundation
import Gtk

/// Parses a feed's body: the bytes, the address they came from (for relative links), and the
/// charset the server named, if any. Injected, so the store and fetching don't wait on the parser.
public typealias FeedParse = @Sendable (Data, URL, String?) -> Result<ParsedFeed, Error>

/// What one feed's refresh came to, for the Subscriptions view and the cards.
public struct FeedRefreshReport: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        case notModified
        case unchanged
        case parsed(newArticles: Int)
        case failed(String)
    }

    public var feedID: FeedID
    public var outcome: Outcome
    /// Nothing answered at all (no route, refused, unknown host): with every feed so, the computer is
    /// probably offline.
    public var unreachable = false

    /// Every feed of a round unreachable: Today says "Offline · updated …" (`FeedStore.lastSuccessfulFetch`)
    /// instead of listing each feed's error.
    public static func looksOffline(_ reports: [FeedRefreshReport]) -> Bool {
        !reports.isEmpty && reports.allSatisfy(\.unreachable)
    }
}

/// From an HTTP answer to what the store records: pure but for the parse it is given, and run off
/// the main thread. docs/feeds.md, "Fetching".
enum FetchOutcome {
    static func record(for feed: StoredFeed, result: Result<HTTPResponse, HTTPFailure>, parse: FeedParse,
                       limits: FeedFetchLimits, now: Date) -> FetchRecord {
        let regular = FeedSchedule.Hints(suggestedInterval: feed.suggestedInterval)
        func failed(_ message: String, _ hints: FeedSchedule.Hints = regular) -> FetchRecord {
            FetchRecord(.failed(message), fetchedAt: now,
                        nextFetch: FeedSchedule.nextFetch(now: now, failures: feed.failureCount + 1, hints))
        }
        let response: HTTPResponse
        switch result {
        case .failure(let failure): return failed(message(for: failure, limits: limits))
        case .success(let answer): response = answer
        }
        var hints = regular
        hints.maxAge = FeedSchedule.maxAge(cacheControl: response.header("Cache-Control"))
        let etag = response.header("ETag"), lastModified = response.header("Last-Modified")
        let movedTo = response.permanentlyMoved ? URL(string: response.finalAddress) : nil
        switch response.status {
        case 304:
            return FetchRecord(.notModified, fetchedAt: now, nextFetch: FeedSchedule.nextFetch(now: now, failures: 0, hints),
                               etag: etag, lastModified: lastModified, movedTo: movedTo)
        case 429, 503:
            hints.retryAfter = FeedSchedule.retryAfter(response.header("Retry-After"), now: now)
            var text = "The server is busy (\(statusLine(response)))"
            if let wait = hints.retryAfter { text += " and asked to wait \(duration(wait))" }
            return failed(text, hints)
        case 200...299 where response.status != 204 && response.status != 205:
            break
        default:
            return failed("The server answered \(statusLine(response))")
        }
        let contentType = response.header("Content-Type")?.lowercased() ?? ""
        if response.body.isEmpty { return failed("The server sent an empty answer, not a feed") }
        if contentType.hasPrefix("image/") || contentType.hasPrefix("audio/") || contentType.hasPrefix("video/") {
            return failed("Not a feed: the address gave \(article(contentType)) (\(mediaType(contentType)))")
        }
        let hash = SHA256.hex(response.body)
        if hash == feed.bodyHash {
            return FetchRecord(.unchanged, fetchedAt: now, nextFetch: FeedSchedule.nextFetch(now: now, failures: 0, hints),
                               etag: etag, lastModified: lastModified, bodyHash: hash, movedTo: movedTo)
        }
        let base = parseBase(response, fallback: feed.url)
        switch parse(response.body, base, charset(contentType)) {
        case .success(let parsed):
            hints.suggestedInterval = parsed.suggestedInterval
            return FetchRecord(.parsed(parsed), fetchedAt: now, nextFetch: FeedSchedule.nextFetch(now: now, failures: 0, hints),
                               etag: etag, lastModified: lastModified, bodyHash: hash, movedTo: movedTo)
        case .failure(let error):
            if isHTMLPage(error, response) { return failed("Not a feed: the address gave an HTML page") }
            // The parser's messages are sentences for the user (FeedFormatError).
            return failed(String(describing: error))
        }
    }

    /// A failure in words for the Subscriptions view.
    static func message(for failure: HTTPFailure, limits: FeedFetchLimits) -> String {
        switch failure {
        case .invalidAddress(let address): "Not a web address: \(address)"
        case .unreachable(let reason): "The server could not be reached: \(reason)"
        case .timedOut(let seconds): "The server did not answer within \(duration(seconds))"
        case .status(let code, let reason): "The server answered \(code) \(reason)"
        case .tooLarge(let limit): "The feed is larger than \(megabytes(limit)); it was not read past that"
        case .tooManyRedirects(let limit): "More than \(limit) redirects; the feed was not reached"
        case .redirectLoop(let address): "The address redirects in a loop (back to \(address))"
        case .redirectInward(let address, let reach):
            "The feed redirected to \(hostAndPort(address)), on \(reach.words); Skiff does not follow a redirect further inside the network than the address subscribed to"
        case .tls(let problem): "TLS: \(problem)"
        case .notHTTPS(let host): "The server at \(host) does not speak HTTPS"
        case .cancelled: "The refresh was stopped"
        }
    }

    /// What a feed's relative links resolve against when it has no `xml:base`: the HTTP
    /// `Content-Location` (resolved against the address the answer came from, http(s) only), else
    /// that address.
    static func parseBase(_ response: HTTPResponse, fallback: URL) -> URL {
        let final = URL(string: response.finalAddress) ?? fallback
        guard let location = response.header("Content-Location"),
              let url = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: final)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return final }
        return url
    }

    /// "192.168.1.5:8080" of an address, or the address when it has no host.
    static func hostAndPort(_ address: String) -> String {
        guard let url = URL(string: address), let host = url.host else { return address }
        return url.port.map { "\(host):\($0)" } ?? host
    }

    static func statusLine(_ response: HTTPResponse) -> String {
        response.reason.isEmpty ? "\(response.status)" : "\(response.status) \(response.reason)"
    }

    /// "30 s", "2 min", "2 h".
    static func duration(_ seconds: TimeInterval) -> String {
        if seconds < 120 { return "\(Int(seconds.rounded())) s" }
        if seconds < 7200 { return "\(Int((seconds / 60).rounded())) min" }
        return "\(Int((seconds / 3600).rounded())) h"
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes % (1024 * 1024) == 0 ? "\(bytes / (1024 * 1024)) MB" : "\(bytes / 1024) KB"
    }

    static func mediaType(_ contentType: String) -> String {
        contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }

    static func article(_ contentType: String) -> String {
        if contentType.hasPrefix("image/") { return "an image" }
        if contentType.hasPrefix("audio/") { return "a sound" }
        return "a video"
    }

    /// The charset parameter of a Content-Type, unquoted.
    static func charset(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == "charset" {
                return parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            }
        }
        return nil
    }

    /// The answer is a web page (the parser said so, or the server did, or its first tag does).
    static func isHTMLPage(_ error: Error, _ response: HTTPResponse) -> Bool {
        if let error = error as? FeedFormatError, error == .notAFeed(.htmlPage) { return true }
        return mediaType(response.header("Content-Type")?.lowercased() ?? "") == "text/html" || looksLikeHTML(response.body)
    }

    /// An HTML page served as something else: its first tag is <!doctype html> or <html.
    static func looksLikeHTML(_ body: Data) -> Bool {
        let head = String(decoding: body.prefix(1024), as: UTF8.self).lowercased()
        guard let start = head.firstIndex(of: "<") else { return false }
        let text = head[start...]
        return text.hasPrefix("<!doctype html") || text.hasPrefix("<html")
    }
}
