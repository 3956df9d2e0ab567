import FeedFormat
import Foundation
import Gtk

/// Reader View's fetch: an article's page over HTTP (libsoup on the GLib main loop, never blocking
/// it), its article extracted on a worker (docs/feeds.md, "Reader View").
@MainActor
public final class ReaderFetch {
    /// Seconds for the whole exchange, redirects and body included (docs/feeds.md: 30 s).
    public static let timeout = 30.0
    /// Redirects followed in a row (docs/feeds.md: 5).
    public static let maximumRedirects = 5
    /// Media types read as pages; anything else is told.
    static let pageTypes: Set<String> = ["text/html", "application/xhtml+xml", ""]

    private let session: HTTPSession
    private let limits: (timeout: Double, bytes: Int)

    /// - Parameters: `timeout` and `maximumBytes` are the documented ones unless a test passes smaller.
    public init(session: HTTPSession = HTTPSession(userAgent: "Skiff (reader view)"), timeout: Double = ReaderFetch.timeout,
                maximumBytes: Int = ReaderExtractor.maximumPageBytes) {
        self.session = session
        limits = (timeout, maximumBytes)
    }

    /// The article at `url`, or why there is none, in words for the story ("Couldn’t load the full
    /// article: …").
    public func article(at url: URL) async -> Result<ReaderExtractor.Article, ReaderFetchFailure> {
        let request = HTTPRequest(address: url.absoluteString, accept: "text/html, application/xhtml+xml;q=0.9, */*;q=0.5",
                                  timeout: limits.timeout, maximumBytes: limits.bytes, maximumRedirects: Self.maximumRedirects)
        let answer: Result<HTTPResponse, HTTPFailure> = await withCheckedContinuation { continuation in
            session.fetch(request) { continuation.resume(returning: $0) }
        }
        let response: HTTPResponse
        switch answer {
        case .failure(let failure): return .failure(ReaderFetchFailure(Self.message(for: failure)))
        case .success(let answered): response = answered
        }
        guard (200...299).contains(response.status) else {
            let line = response.reason.isEmpty ? "\(response.status)" : "\(response.status) \(response.reason)"
            return .failure(ReaderFetchFailure("the server answered \(line)"))
        }
        let contentType = response.header("content-type") ?? ""
        let mediaType = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        guard Self.pageTypes.contains(mediaType) else {
            return .failure(ReaderFetchFailure("the address gave \(mediaType), not a web page"))
        }
        let charset = Self.charset(contentType)
        let base = URL(string: response.finalAddress) ?? url
        // Parsing and scoring a page of up to 5 MB is work for a worker, not the main thread.
        let body = response.body
        let extracted = await Task.detached(priority: .userInitiated) {
            ReaderExtractor.extract(body, url: base, httpCharset: charset)
        }.value
        return extracted.mapError { ReaderFetchFailure($0.description) }
    }

    /// The `charset` parameter of a Content-Type header.
    static func charset(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "charset" { return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"'")) }
        }
        return nil
    }

    static func message(for failure: HTTPFailure) -> String {
        switch failure {
        case .invalidAddress(let address): "not a web address: \(address)"
        case .unreachable(let reason): "the server could not be reached (\(reason))"
        case .timedOut(let seconds): "the server did not answer within \(FetchOutcome.duration(seconds))"
        case .status(let code, let reason): "the server answered \(code) \(reason)"
        case .tooLarge(let limit): "the page is larger than \(FetchOutcome.megabytes(limit))"
        case .tooManyRedirects(let limit): "more than \(limit) redirects"
        case .redirectLoop(let address): "the address redirects in a loop (back to \(address))"
        case .redirectInward(let address, let reach):
            "it redirected to \(FetchOutcome.hostAndPort(address)), on \(reach.words), further inside the network than the article's address"
        case .tls(let problem): "TLS: \(problem)"
        case .notHTTPS(let host): "the server at \(host) does not speak HTTPS"
        case .cancelled: "the fetch was stopped"
        }
    }
}

/// Why Reader View has no article, in words that follow "Couldn’t load the full article: ".
public struct ReaderFetchFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
