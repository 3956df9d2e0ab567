import Dispatch
import Foundation
import Gtk
import Logging

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
/// An address made with `pageKey(for:)` stands for the picture an article's page names (its
/// `og:image`): the page's head is fetched (`pageBytes`), `pictureInPage` finds the picture in it off the
/// main thread, `onPagePicture` is told (to remember it), and that picture is fetched like any other.
@MainActor
public final class RemotePictures {
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
    /// Something asked for is ready or failed: whatever shows pictures should draw again.
    public var onChange: (() -> Void)?
    /// The picture a page's head names (`og:image`), resolved against the page's address. Called on a worker.
    public var pictureInPage: (@Sendable (Data, URL) -> URL?)?
    /// A page's picture was looked up (nil: the page names none, or could not be read).
    public var onPagePicture: ((URL, URL?) -> Void)?

    /// The prefix of the addresses that stand for a page's picture.
    public nonisolated static let pagePrefix = "page-picture:"

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
                self?.onChange?()
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
        address.hasPrefix("https://") || address.hasPrefix("http://") || address.hasPrefix(pagePrefix)
    }

    /// The key that stands for the picture `page` names in its head.
    public nonisolated static func pageKey(for page: URL) -> String { pagePrefix + page.absoluteString }

    /// Tells what is already known of a page's picture (remembered from an earlier run), so it is not
    /// fetched again: `picture` nil means the page names none.
    public func remember(page: URL, picture: URL?) {
        pagePictures[Self.pageKey(for: page)] = .some(picture?.absoluteString)
    }

    /// Where the picture at `address` stands; asking starts fetching it when it is not in the cache.
    public func state(for address: String) -> State {
        if let page = pagePictures[address] {
            guard let picture = page else { return .failed }
            return state(for: picture)
        }
        if failed.contains(address) { return .failed }
        if !address.hasPrefix(Self.pagePrefix), cache.isLoaded, let path = cache.file(named: fileName(address)) {
            if touched.insert(address).inserted {
                let cache = self.cache, name = fileName(address)
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

    /// Cancels the fetches (and forgets the waiting ones) of every address not in `wanted`: their cards
    /// went off screen or their articles are gone. A page wanted keeps the fetch of its picture.
    public func keepOnly(_ wanted: Set<String>) {
        var kept = wanted
        for key in wanted { if let picture = pagePictures[key], let picture { kept.insert(picture) } }
        for address in waiting.keys where !kept.contains(address) { waiting[address] = nil }
        for (address, transfer) in running where !kept.contains(address) {
            running[address] = nil
            transfer.cancel()
        }
        startNext()
    }

    /// Fetches under way now, and pictures fetched and not yet in the cache (tests: a picture that never
    /// finishes holds one place, not all; the folder is read once nothing is being written).
    public var fetchesUnderWay: Int { running.count + writing.count }

    private func startNext() {
        while cache.isLoaded, running.count < limits.concurrentFetches,
              let next = waiting.max(by: { $0.value < $1.value })?.key {
            waiting[next] = nil
            if next.hasPrefix(Self.pagePrefix) { fetchPage(next) } else { fetchPicture(next) }
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
        let cache = self.cache, name = fileName(address)
        queue.async {
            let path = cache.store(data, named: name)
            DispatchQueue.main.async { MainActor.assumeIsolated { [weak self] in
                guard let self else { return }
                self.writing.remove(address)
                if path == nil { self.fail(address, "it could not be kept in the cache (\(cache.folder.path))") }
                self.onChange?()
            } }
        }
    }

    private func fetchPage(_ key: String) {
        guard let page = URL(string: String(key.dropFirst(Self.pagePrefix.count))) else { return pageLookedUp(key, page: nil, picture: nil) }
        let request = HTTPRequest(address: page.absoluteString, accept: "text/html, application/xhtml+xml;q=0.9",
                                  timeout: limits.timeout, maximumBytes: limits.pageBytes, keepsHeadOnly: true)
        running[key] = session.fetch(request) { [weak self] result in
            guard let self, self.running.removeValue(forKey: key) != nil else { return }
            defer { self.startNext() }
            switch result {
            case .success(let response) where (200...299).contains(response.status):
                guard let find = self.pictureInPage else { return self.pageLookedUp(key, page: page, picture: nil) }
                let body = response.body, base = URL(string: response.finalAddress) ?? page
                self.writing.insert(key)
                DispatchQueue.global(qos: .utility).async {
                    let picture = find(body, base)
                    DispatchQueue.main.async { MainActor.assumeIsolated { [weak self] in
                        self?.writing.remove(key)
                        self?.pageLookedUp(key, page: page, picture: picture)
                    } }
                }
            case .failure(.cancelled):
                break
            case .success, .failure:
                // Not remembered: a page that failed today may answer tomorrow.
                self.failed.insert(key)
                self.onChange?()
            }
        }
    }

    private func pageLookedUp(_ key: String, page: URL?, picture: URL?) {
        pagePictures[key] = .some(picture?.absoluteString)
        if let page { onPagePicture?(page, picture) }
        onChange?()
    }

    private func fail(_ address: String, _ reason: String) {
        failed.insert(address)
        logger.info("\(address): the picture is not shown (\(reason)); its card keeps its own look")
        onChange?()
    }
}
