import Dispatch
import Foundation
import Gtk
import Logging
import Pictures
import TodayModel

/// Every picture Today draws comes through here: read and decoded off the main thread, refused
/// before decoding when too large, kept within a memory budget, and turned into textures at
/// exactly the size a card draws them.
///
/// The main thread never opens a picture file: `texture(for:)` answers with what is decoded now
/// (nil draws the placeholder) and starts a decode otherwise; `onReady` asks for a redraw when
/// it lands. At most `PictureLimits.decoders` decodes run at once, so at most that many pictures'
/// full-size pixels exist at once (`PictureLimits.pixels` × 4 bytes each), and each is decoded straight to at most
/// `PictureLimits.decodedSide` pixels a side. Decoded pictures are kept up to
/// `PictureLimits.decodedBytes`, least recently drawn dropped first; sized textures are kept for
/// the few sizes on screen (two card widths per window width), the oldest dropped beyond that.
/// Failures are remembered so a bad file is reported once.
///
/// Pictures come from strangers: only PNG, JPEG, WebP and GIF are decoded, known by their first bytes
/// (`PictureFormat`), each by its own decoder only. Up to `PictureLimits.decoders` decode at once, each on
/// a thread of its own, each stopped after `PictureLimits.decodeTime`; one stuck inside its decoder is
/// given up after `PictureLimits.abandonAfter` and its place taken by the next (docs/feed-format.md).
///
/// Work is taken newest first: a fling asks for the pictures of every position it passes, and the
/// cards it comes to rest on must not wait behind them (under cairo, 0.43 s to the last picture after
/// a fling through 2,000 cards when taken in order; docs/performance.md). Work nobody has asked for again within
/// `staleAfter` is dropped (whatever still shows the placeholder is asked to draw again, and asks anew).
@MainActor
final class TextureCache {
    /// Enough for every picture at the two card widths of a window, plus a resize in progress.
    static let sizedLimit = 64

    private struct Entry {
        let image: DecodedImage
        var whole: Texture?
        var bytes: Int
        var lastUse: Int
    }

    private struct SizedKey: Hashable {
        let path: String
        let width: Int
        let height: Int
    }

    private var entries: [String: Entry] = [:]
    private var pending: Set<String> = []
    private var failures: [String: String] = [:]
    private var sized: [SizedKey: Texture] = [:]
    private var sizedOrder: [SizedKey] = []
    /// Card-sized textures waiting to be scaled or being scaled on the background queue.
    private var scaling = Set<SizedKey>()
    /// Work not started yet, with when it was last asked for.
    private var waitingDecodes: [String: TimeInterval] = [:]
    private var waitingScales: [SizedKey: TimeInterval] = [:]
    /// Card sizes asked for before their picture was decoded: the decode's job scales them too, so a
    /// card's picture takes one trip through the background queue, not two.
    private var wantedSizes: [String: Set<SizedKey>] = [:]
    /// Jobs (decodes on their threads, scales on the background queue) started and not back yet. More
    /// than one, so one runs while the main thread takes another's result (one at a time left the
    /// background idle through every busy frame: under GL a landing's pictures came 70 ms apart instead
    /// of 15) and a slow decode holds up only itself; few, so the newest waiting goes next.
    private var inFlight = 0
    static let maxInFlight = PictureLimits.decoders
    /// Decodes under way, by job: given up ones move to `abandoned`, and their result is dropped.
    private var runningDecodes: [Int: String] = [:]
    private var abandoned: Set<Int> = []
    private var nextJob = 0
    static let staleAfter: TimeInterval = 0.5
    private var clock = 0
    private var decodedTotal = 0
    private var decodesStarted = 0
    private let queue = DispatchQueue(label: "skiff.today.images", qos: .userInitiated)
    private let logger = Logger(label: "skiff.today.images")
    /// Told once per image that cannot be used, with a message a user can act on.
    var onFailure: ((String) -> Void)?
    /// A picture finished decoding: whatever shows it should draw again.
    var onReady: (() -> Void)?
    /// Where pictures named by http(s) addresses come from (subscriptions' articles): fetched into the
    /// disk cache, then decoded from there like any file. Without it they are never drawn.
    var remote: RemotePictures?
    /// Remote address → the cached file it was decoded from.
    private var remoteFiles: [String: String] = [:]

    /// The decoded picture if it is ready; otherwise starts decoding it and returns nil.
    private func image(for path: String?) -> DecodedImage? {
        guard let path else { return nil }
        clock += 1
        if var entry = entries[path] {
            entry.lastUse = clock
            entries[path] = entry
            return entry.image
        }
        if failures[path] == nil, !pending.contains(path), RemotePictures.isRemote(path) {
            // Not in the disk cache yet (or never will be): the card keeps its own look meanwhile.
            guard case .ready(let file) = remote?.state(for: path) else { return nil }
            remoteFiles[path] = file
        }
        if failures[path] == nil {
            if !pending.contains(path) {
                pending.insert(path)
                waitingDecodes[path] = Self.now
                startNext()
            } else if waitingDecodes[path] != nil {
                waitingDecodes[path] = Self.now
            }
        }
        return nil
    }

    private static var now: TimeInterval { ProcessInfo.processInfo.systemUptime }

    /// Starts the newest waiting job if the queue is free, after dropping stale ones.
    private func startNext() {
        guard inFlight < Self.maxInFlight else { return }
        let now = Self.now
        var dropped = false
        for (path, asked) in waitingDecodes where now - asked > Self.staleAfter {
            waitingDecodes[path] = nil
            pending.remove(path)
            dropped = true
        }
        for (key, asked) in waitingScales where now - asked > Self.staleAfter {
            waitingScales[key] = nil
            scaling.remove(key)
            dropped = true
        }
        if dropped { MainLoop.idle { [weak self] in self?.onReady?() } }
        let decode = waitingDecodes.max { $0.value < $1.value }
        let scale = waitingScales.max { $0.value < $1.value }
        if let decode, decode.value >= (scale?.value ?? 0) {
            waitingDecodes[decode.key] = nil
            startDecoding(decode.key)
        } else if let scale {
            waitingScales[scale.key] = nil
            startScaling(scale.key)
        } else {
            return
        }
        startNext()
    }

    private func startDecoding(_ path: String) {
        inFlight += 1
        decodesStarted += 1
        let sizes = Array(wantedSizes.removeValue(forKey: path) ?? [])
        for key in sizes { scaling.insert(key) }
        let job = nextJob
        nextJob += 1
        runningDecodes[job] = path
        let file = remoteFiles[path] ?? path
        let (seconds, attoseconds) = PictureLimits.abandonAfter.components
        MainLoop.after(milliseconds: UInt32(seconds * 1000 + attoseconds / 1_000_000_000_000_000)) { [weak self] in
            self?.abandon(job)
        }
        // A thread of its own, not a dispatch queue: a decode stuck in its decoder must not hold one of
        // the few threads dispatch shares with the rest of the app.
        let thread = Thread { [weak self] in
            let outcome = Self.decode(file)
            var scaled: [(SizedKey, DecodedPixels?)] = []
            if case .success(let pixels) = outcome {
                scaled = sizes.map { ($0, pixels.scaledToCover(width: $0.width, height: $0.height)) }
            }
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self, self.abandoned.remove(job) == nil else {
                        if case .success(let pixels) = outcome { pixels.release() }
                        for (_, pixels) in scaled { pixels?.release() }
                        return
                    }
                    self.runningDecodes[job] = nil
                    self.inFlight -= 1
                    for (key, _) in scaled { self.scaling.remove(key) }
                    for key in sizes where !scaled.contains(where: { $0.0 == key }) { self.scaling.remove(key) }
                    self.wantedSizes[path] = nil
                    self.finish(path, outcome)
                    for (key, pixels) in scaled { self.keep(key, pixels) }
                    if !scaled.isEmpty { self.onReady?() }
                    self.startNext()
                }
            }
        }
        thread.name = "skiff.today.decode"
        thread.qualityOfService = .userInitiated
        thread.start()
    }

    /// Gives up a decode still running `PictureLimits.abandonAfter` after it started, unless too many
    /// are given up already: its picture is reported and the next one takes its place.
    private func abandon(_ job: Int) {
        guard let path = runningDecodes.removeValue(forKey: job) else { return }
        guard abandoned.count < PictureLimits.abandonedDecoders else {
            runningDecodes[job] = path
            MainLoop.after(milliseconds: 1000) { [weak self] in self?.abandon(job) }
            return
        }
        abandoned.insert(job)
        inFlight -= 1
        for key in scaling where key.path == path { scaling.remove(key) }
        wantedSizes[path] = nil
        let limit = PictureLimits.abandonAfter.components.seconds
        finish(path, .failure(PictureFile.Refusal("decoding it did not finish within \(limit) s; it was given up")))
        startNext()
    }

    /// Keeps a card-sized picture made in the background (unless its picture was dropped meanwhile).
    private func keep(_ key: SizedKey, _ scaled: DecodedPixels?) {
        guard let scaled else { return }
        guard entries[key.path] != nil else { scaled.release(); return }
        guard let texture = Texture(pixels: scaled) else { return }
        sized[key] = texture
        sizedOrder.append(key)
        if sizedOrder.count > Self.sizedLimit { sized[sizedOrder.removeFirst()] = nil }
    }

    private nonisolated static func decode(_ path: String) -> Result<DecodedPixels, PictureFile.Refusal> {
        PictureDecoding.decode(path: path, limits: .feed)
    }

    private func finish(_ path: String, _ outcome: Result<DecodedPixels, PictureFile.Refusal>) {
        pending.remove(path)
        switch outcome {
        case .success(let pixels):
            clock += 1
            let bytes = pixels.byteCount
            entries[path] = Entry(image: DecodedImage(adopting: pixels), whole: nil, bytes: bytes, lastUse: clock)
            decodedTotal += bytes
            evict(keeping: path)
            onReady?()
        case .failure(let refusal):
            let message = "\(path): the picture can’t be shown (\(refusal.message)); a placeholder is shown."
            failures[path] = message
            logger.warning("\(message)")
            // A stranger's picture that can't be shown is not put in the problems bar: its card keeps its
            // designed look. The Subscriptions view lists it under its feed.
            if RemotePictures.isRemote(path) { remote?.refused(path, reason: refusal.message) } else { onFailure?(message) }
        }
    }

    /// Drops the least recently drawn pictures (and their textures) until the budget holds.
    private func evict(keeping path: String) {
        while decodedTotal > PictureLimits.decodedBytes,
              let victim = entries.filter({ $0.key != path }).min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries[victim.key] = nil
            decodedTotal -= victim.value.bytes
            for key in sizedOrder where key.path == victim.key { sized[key] = nil }
            sizedOrder.removeAll { $0.path == victim.key }
        }
    }

    /// The whole picture, to be scaled while drawing (a story growing, an avatar).
    func texture(for path: String?) -> Texture? {
        guard let path, let image = image(for: path), var entry = entries[path] else { return nil }
        if let texture = entry.whole { return texture }
        guard let texture = image.texture() else { return nil }
        // The texture holds its own copy of the pixels: it counts against the budget too.
        entry.whole = texture
        entry.bytes *= 2
        decodedTotal += entry.bytes / 2
        entries[path] = entry
        evict(keeping: path)
        return texture
    }

    /// The picture cropped and scaled to exactly `width`×`height` device pixels, if it is ready.
    /// If not, it is scaled on the background queue and `onReady` asks for a redraw: the card shows
    /// its placeholder colour meanwhile. The main thread never scales (scrolling would stall on it).
    func texture(for path: String?, covering width: Int, _ height: Int) -> Texture? {
        guard let path else { return nil }
        let key = SizedKey(path: path, width: width, height: height)
        guard image(for: path) != nil else {
            if width > 0, height > 0, pending.contains(path), waitingDecodes[path] != nil { wantedSizes[path, default: []].insert(key) }
            return nil
        }
        if let texture = sized[key] { return texture }
        guard width > 0, height > 0 else { return nil }
        if scaling.contains(key) {
            if waitingScales[key] != nil { waitingScales[key] = Self.now }
            return nil
        }
        scaling.insert(key)
        waitingScales[key] = Self.now
        startNext()
        return nil
    }

    /// The card-sized picture if it is ready now, without asking for it (nothing is started).
    func readyTexture(for path: String?, covering width: Int, _ height: Int) -> Texture? {
        guard let path else { return nil }
        return sized[SizedKey(path: path, width: width, height: height)]
    }

    private func startScaling(_ key: SizedKey) {
        guard let image = entries[key.path]?.image else {
            // Evicted while it waited: whoever still wants it is asked to draw again, and asks anew.
            scaling.remove(key)
            MainLoop.idle { [weak self] in self?.onReady?() }
            return startNext()
        }
        inFlight += 1
        let path = key.path, width = key.width, height = key.height
        let pixels = image.sharedPixels()
        queue.async { [weak self] in
            let scaled = pixels.scaledToCover(width: width, height: height)
            pixels.release()
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    guard let self else { scaled?.release(); return }
                    self.inFlight -= 1
                    defer { self.startNext() }
                    self.scaling.remove(key)
                    // Dropped while it was scaling (evicted): nothing to keep.
                    guard scaled != nil, self.entries[path] != nil else { scaled?.release(); return }
                    self.keep(key, scaled)
                    self.onReady?()
                }
            }
        }
    }

    /// Whether the picture at `path` will not come: it failed to decode, or to arrive over the network.
    func isUnavailable(_ path: String?) -> Bool {
        guard let path else { return true }
        if failures[path] != nil { return true }
        guard RemotePictures.isRemote(path) else { return false }
        return remote.map { $0.state(for: path) == .failed } ?? true
    }

    /// Cancels the fetches of remote pictures not in `paths` (the pictures of the cards dealt now) nor
    /// in `storyPictures`.
    func keepRemote(_ paths: Set<String>) {
        dealtPictures = paths
        remote?.keepOnly(paths.union(storyPictures).filter(RemotePictures.isRemote), for: ObjectIdentifier(self))
    }

    private var dealtPictures: Set<String> = []

    /// The open story's pictures: kept from the moment they are asked for (another window's cards
    /// must not cancel their fetches), let go when the story closes.
    var storyPictures: Set<String> = [] {
        didSet { if storyPictures != oldValue { keepRemote(dealtPictures) } }
    }

    /// The decoded picture's size in pixels (at most `PictureLimits.decodedSide` a side) if it is ready;
    /// otherwise starts decoding it (fetching it first if it is remote) and returns nil.
    func pictureSize(for path: String) -> (width: Int, height: Int)? {
        guard let image = image(for: path) else { return nil }
        return (image.pixelWidth, image.pixelHeight)
    }

    isolated deinit { remote?.forget(ObjectIdentifier(self)) }

    /// Pictures decoded and kept now.
    var count: Int { entries.count }
    /// Bytes of decoded pixels kept now (at most `PictureLimits.decodedBytes`, plus the newest).
    var decodedBytes: Int { decodedTotal }
    /// Whether decodes are still under way.
    var isBusy: Bool { !pending.isEmpty || !scaling.isEmpty }
    /// Card-sized pictures ready to draw.
    var readyCardPictures: Int { sized.count }
}
