import Dispatch
import Foundation
import Gtk
import Logging

/// A picture from the network that could not be shown, in words for the reader.
public struct PictureProblem: Sendable, Equatable {
    public var address: String
    public var reason: String
}

/// What fetching pictures from the network may cost (docs/feeds.md, "Pictures from the network").
public struct RemotePictureLimits: Sendable, Equatable {
    /// Pictures (and pages) fetched at once; the others wait, newest asked first.
    public var concurrentFetches: Int
    /// Seconds for one picture, redirects and body included: a server that never finishes holds one place
    /// this long, never more.
    public var timeout: Double
    /// Bytes of one picture: more is not read, and the picture is not shown.
    public var pictureBytes: Int
    /// Bytes of an article's page read for its `og:image`: the head is enough.
    public var pageBytes: Int
    /// Bytes all cached pictures take together on disk.
    public var cacheBytes: Int

    public init(concurrentFetches: Int = 4, timeout: Double = 30, pictureBytes: Int = 10 * 1024 * 1024,
                pageBytes: Int = 256 * 1024, cacheBytes: Int = 200 * 1024 * 1024) {
        self.concurrentFetches = concurrentFetches
        self.timeout = timeout
        self.pictureBytes = pictureBytes
        self.pageBytes = pageBytes
        self.cacheBytes = cacheBytes
    }

    public static let standard = RemotePictureLimits()
}

/// Pictures named by http(s) addresses, fetched into the disk cache (`PictureDiskCache`) for Today's
/// cards and the Subscriptions view. Nothing here blocks the main thread: requests run on the GLib main
/// loop (libsoup), files are written on a worker, and the pictures are decoded, within
/// `PictureDecoding`'s limits, by whoever draws them (Today's `TextureCache`) from the cached file.
///
/// Asking (`state(for:)`) starts a fetch; at most `concurrentFetches` run, the most recently asked first.
/// `keepOnly(_:)` cancels the fetches nobody shows any more (cards scrolled away, articles gone). A failed
/// picture is not asked for again in this run: its card keeps its designed look.
///
/// An address made with `key(_:for:)` stands for a picture a web page names: an article page's `og:image`
/// (`.sharedPicture`), a site's icon (`.siteIcon`). The page's head is fetched (`pageBytes`), `findInPage`
/// finds the picture in it off the main thread, `onFoundInPage` is told (to remember it), and that picture is
/// fetched like any other. A site whose page names no icon (or does not answer) gets its `/favicon.ico`.
@MainActor
public final class RemotePictures {
    /// What a page is read for.
    public enum PageLookup: String, Sendable, CaseIterable {
        case sharedPicture = "page-picture:"
        case siteIcon = "site-icon:"
    }

    public enum State: Equatable, Sendable {
        /// In the cache: the file to decode.
        case ready(path: String)
        case loading
        /// Could not be fetched or is not a picture; not asked for again in this run.
        case failed
    }

    public let cache: PictureDiskCache
    public let limits: RemotePictureLimits
    private let session: HTTPSession
    private let fileName: @Sendable (String) -> String
    private let queue = DispatchQueue(label: "skiff.pictures.cache", qos: .utility)
    private var waiting: [String: Int] = [:]
    private var running: [String: HTTPTransfer] = [:]
    /// Fetched, being written to the cache.
    private var writing: Set<String> = []
    private var failed: Set<String> = []
    private var touched: Set<String> = []
    /// Page → the picture it names (nil: it names none), found in this run or remembered.
    private var pagePictures: [String: String?] = [:]
    private var asked = 0
    private let logger = Logger(label: "skiff.pictures.remote")
    private var listeners: [() -> Void] = []
    /// Addresses `keepOnly` never cancels (site icons: asked for by lists, not by cards).
    private var pinned: Set<String> = []
    /// What each client (a Today view's pictures) wants now.
    private var wantedByClient: [ObjectIdentifier: Set<String>] = [:]
    /// Address → its name in the cache, hashed once.
    private var names: [String: String] = [:]
    /// The picture a page's head names for `lookup`, resolved against the page's address. Called on a worker.
    public var findInPage: (@Sendable (PageLookup, Data, URL) -> URL?)?
    /// A page was read for `lookup` (the picture nil: it names none).
    public var onFoundInPage: ((PageLookup, URL, URL?) -> Void)?

    /// Calls `body` whenever something asked for is ready or failed: whatever shows it should draw again.
    public func onChange(_ body: @escaping () -> Void) { listeners.append(body) }

    /// - Parameter fileName: the cache's name for an address (a hash of it: a stranger's address is never a path).
    public init(folder: URL, limits: RemotePictureLimits = .standard, fileName: @escaping @Sendable (String) -> String) {
        self.limits = limits
        self.fileName = fileName
        cache = PictureDiskCache(folder: folder, limit: limits.cacheBytes)
        session = HTTPSession(userAgent: "Skiff")
        let cache = self.cache
        queue.async {
            cache.load()
            DispatchQueue.main.async { MainActor.assumeIsolated { [weak self] in
                self?.startNext()
                self?.notify()
            } }
        }
    }

    /// `$XDG_CACHE_HOME/skiff/pictures`, or `~/.cache/skiff/pictures` when it is unset or not absolute
    /// (the XDG base-directory rules, as `g_get_user_cache_dir` reads them).
    public nonisolated static func userCacheFolder(environment: [String: String] = ProcessInfo.processInfo.environment,
                                       home: String = NSHomeDirectory()) -> URL {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
            ?? URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
        return base.appendingPathComponent("skiff/pictures", isDirectory: true)
    }

    public nonisolated static func isRemote(_ address: String) -> Bool {
        address.hasPrefix("https://") || address.hasPrefix("http://") || lookup(of: address) != nil
    }

    /// The key that stands for the picture `page` names in its head for `lookup`.
    public nonisolated static func key(_ lookup: PageLookup, for page: URL) -> String { lookup.rawValue + page.absoluteString }

    nonisolated static func lookup(of address: String) -> PageLookup? {
        PageLookup.allCases.first { address.hasPrefix($0.rawValue) }
    }

    /// Where the picture at `address` stands; asking starts fetching it when it is not in the cache.
    /// A `pinned` address is not cancelled by `keepOnly` (nor is the picture its page leads to).
    public func state(for address: String, pinned: Bool = false) -> State {
        if pinned { self.pinned.insert(address) }
        if let page = pagePictures[address] {
            guard let picture = page else { return .failed }
            if pinned { self.pinned.insert(picture) }
            return state(for: picture)
        }
        if failed.contains(address) { return .failed }
        if Self.lookup(of: address) == nil, cache.isLoaded, let path = cache.file(named: name(of: address)) {
            if touched.insert(address).inserted {
                let cache = self.cache, name = name(of: address)
                queue.async { cache.touch(name) }
            }
            return .ready(path: path)
        }
        if running[address] == nil, !writing.contains(address) {
            asked += 1
            waiting[address] = asked
            startNext()
        }
        return .loading
    }

    /// The cache's name for `address` (a SHA-256: computed once, not in every frame that asks).
    private func name(of address: String) -> String {
        if let name = names[address] { return name }
        let name = fileName(address)
        names[address] = name
        return name
    }

    /// Cancels the fetches (and forgets the waiting ones) of every address that `client` no longer
    /// wants and no other client (another window's Today) or pinned list does: their cards went off screen
    /// or their articles are gone. A page wanted keeps the fetch of its picture.
    public func keepOnly(_ wanted: Set<String>, for client: ObjectIdentifier) {
        wantedByClient[client] = wanted
        var kept = wantedByClient.values.reduce(pinned) { $0.union($1) }
        for key in kept { if let picture = pagePictures[key], let picture { kept.insert(picture) } }
        for address in waiting.keys where !kept.contains(address) { waiting[address] = nil }
        for (address, transfer) in running where !kept.contains(address) {
            running[address] = nil
            transfer.cancel()
        }
        startNext()
    }

    /// `client` is gone: what only it wanted is no longer kept.
    public func forget(_ client: ObjectIdentifier) {
        guard wantedByClient.removeValue(forKey: client) != nil else { return }
        keepOnly([], for: client)
        wantedByClient[client] = nil
    }

    /// Fetches under way now, and pictures fetched and not yet in the cache (tests: a picture that never
    /// finishes holds one place, not all; the folder is read once nothing is being written).
    public var fetchesUnderWay: Int { running.count + writing.count }

    private func startNext() {
        while cache.isLoaded, running.count < limits.concurrentFetches,
              let next = waiting.max(by: { $0.value < $1.value })?.key {
            waiting[next] = nil
            if let lookup = Self.lookup(of: next) { fetchPage(next, for: lookup) } else { fetchPicture(next) }
        }
    }

    private func fetchPicture(_ address: String) {
        let request = HTTPRequest(address: address, accept: "image/png, image/jpeg, image/webp, image/gif;q=0.9, */*;q=0.1",
                                  timeout: limits.timeout, maximumBytes: limits.pictureBytes)
        running[address] = session.fetch(request) { [weak self] result in
            guard let self, self.running.removeValue(forKey: address) != nil else { return }
            defer { self.startNext() }
            switch result {
            case .success(let response) where (200...299).contains(response.status):
                if case .failure(let refusal) = PictureFormat.sniff(response.body) {
                    return self.fail(address, refusal.message)
                }
                self.save(response.body, for: address)
            case .success(let response):
                self.fail(address, "the server answered \(response.status) \(response.reason)")
            case .failure(.cancelled):
                break
            case .failure(let failure):
                self.fail(address, "\(failure)")
            }
        }
    }

    private func save(_ data: Data, for address: String) {
        writing.insert(address)
        let cache = self.cache, name = name(of: address)
        queue.async {
            let path = cache.store(data, named: name)
            DispatchQueue.main.async { MainActor.assumeIsolated { [weak self] in
                guard let self else { return }
                self.writing.remove(address)
                if path == nil { self.fail(address, "it could not be kept in the cache (\(cache.folder.path))") }
                self.notify()
            } }
        }
    }

    private func fetchPage(_ key: String, for lookup: PageLookup) {
        guard let page = URL(string: String(key.dropFirst(lookup.rawValue.count))) else {
            failed.insert(key)
            return
        }
        let request = HTTPRequest(address: page.absoluteString, accept: "text/html, application/xhtml+xml;q=0.9",
                                  timeout: limits.timeout, maximumBytes: limits.pageBytes, keepsHeadOnly: true)
        running[key] = session.fetch(request) { [weak self] result in
            guard let self, self.running.removeValue(forKey: key) != nil else { return }
            defer { self.startNext() }
            switch result {
            case .success(let response) where (200...299).contains(response.status):
                let body = response.body, base = URL(string: response.finalAddress) ?? page, find = self.findInPage
                self.writing.insert(key)
                DispatchQueue.global(qos: .utility).async {
                    let picture = find?(lookup, body, base)
                    DispatchQueue.main.async { MainActor.assumeIsolated { [weak self] in
                        self?.writing.remove(key)
                        self?.pageLookedUp(key, lookup: lookup, page: page, picture: picture ?? Self.fallback(lookup, page: page))
                    } }
                }
            case .failure(.cancelled):
                break
            case .success, .failure:
                if let fallback = Self.fallback(lookup, page: page) {
                    // The icon of a site whose page does not answer is still where browsers look first.
                    self.pagePictures[key] = .some(fallback.absoluteString)
                } else {
                    // Not remembered: a page that failed today may answer tomorrow.
                    self.failed.insert(key)
                }
                self.notify()
            }
        }
    }

    /// What stands in when the page names nothing: a site's `/favicon.ico`.
    private static func fallback(_ lookup: PageLookup, page: URL) -> URL? {
        guard lookup == .siteIcon else { return nil }
        return URL(string: "/favicon.ico", relativeTo: page)?.absoluteURL
    }

    private func pageLookedUp(_ key: String, lookup: PageLookup, page: URL, picture: URL?) {
        pagePictures[key] = .some(picture?.absoluteString)
        if pinned.contains(key), let picture { pinned.insert(picture.absoluteString) }
        onFoundInPage?(lookup, page, picture)
        notify()
    }

    private func notify() {
        for listener in listeners { listener() }
    }

    private func fail(_ address: String, _ reason: String) {
        failed.insert(address)
        logger.info("\(address): the picture is not shown (\(reason)); its card keeps its own look")
        problems.removeAll { $0.address == address }
        problems.append(PictureProblem(address: address, reason: reason))
        if problems.count > Self.problemsKept { problems.removeFirst(problems.count - Self.problemsKept) }
        notify()
    }

    /// Pictures that could not be shown in this run and why, oldest first: at most `problemsKept`
    /// (the Subscriptions view names them under their feeds).
    public private(set) var problems: [PictureProblem] = []
    public static let problemsKept = 200

    /// A picture fetched whole that its decoder refused (too many pixels, too slow, not what it says):
    /// not asked for again in this run, and listed with the others.
    public func refused(_ address: String, reason: String) {
        guard Self.isRemote(address) else { return }
        fail(address, reason)
    }
}
