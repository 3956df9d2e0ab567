import ArgumentParser
import FeedFormat
import FeedStore
import FeedSync
import Foundation
import Gtk

/// `skiff-bench feed-refresh --feeds 200 --changed 10`: issue 28's figure. N subscriptions on a
/// loopback server (Python's http.server, a process of its own started and stopped here by PID, which
/// answers If-Modified-Since with 304 from the file's date); a first refresh reads them all; then C
/// files change and a second refresh is timed: wall time, parses, outcomes, and the main loop's
/// longest stall meanwhile (a 4 ms timer's worst lateness: a frame can't be drawn while the loop is held).
struct FeedRefreshBench: MainActorBench {
    static let configuration = CommandConfiguration(
        commandName: "feed-refresh",
        abstract: "Refresh N feeds from a loopback server where all but C answer 304: wall time, parses, the main loop's longest stall.")
    @OptionGroup var site: FeedSiteOptions
    @Option(help: "Timed rounds (each changes C feeds first).") var runs = 3
    private var feeds: Int { site.feeds }
    private var changed: Int { site.changed }
    private var items: Int { site.items }

    @MainActor func runOnMain() throws {
        MainLoop.installDispatchBridge()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-feed-bench-\(UUID().uuidString)")
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = Date().addingTimeInterval(-3600)
        for n in 0..<feeds { try write(feed: n, version: 0, to: site, modified: old) }

        let server = try LoopbackFeedServer(root: site)
        defer { server.stop() }
        guard let store = FeedStore.open(at: folder.appendingPathComponent("feeds.sqlite")).store else {
            throw ValidationError("the feeds database could not be opened")
        }
        for n in 0..<feeds {
            guard let url = URL(string: "\(server.base)/feed\(n).xml") else { continue }
            try store.addFeed(url: url, now: Date())
        }
        let parses = ParseCount()
        let refresher = FeedRefresher(store: store, parse: { data, url, charset in
            parses.add()
            return FeedRefresher.feedParser(data, url, charset)
        })

        BenchRun.emit([BenchLaunch.title("feed refresh: \(feeds) feeds, \(changed) changed, \(items) items each")])
        let first = refresh(refresher)
        BenchRun.emit([String(format: "first refresh (all %d read): %.0f ms, %d parses, %@", feeds, first.milliseconds, parses.take(),
                              Self.describe(first.reports))])
        for run in 1...max(1, runs) {
            let newer = Date().addingTimeInterval(Double(run) * 10)
            for n in 0..<min(changed, feeds) { try write(feed: (n * 7 + run) % feeds, version: run, to: site, modified: newer) }
            let timed = refresh(refresher)
            BenchRun.emit([String(format: "run %d: %.0f ms wall, %d parses, main loop longest stall %.1f ms, %@", run, timed.milliseconds,
                                  parses.take(), timed.longestStall, Self.describe(timed.reports))])
        }
        try store.close()
    }

    @MainActor private func refresh(_ refresher: FeedRefresher) -> (milliseconds: Double, longestStall: Double, reports: [FeedRefreshReport]) {
        var reports: [FeedRefreshReport]?
        var last = FrameStats.monotonicNow, longest = 0.0
        let tick = RepeatingTimer(milliseconds: 4) {
            let now = FrameStats.monotonicNow
            longest = max(longest, (now - last) * 1000 - 4)
            last = now
        }
        defer { tick.cancel() }
        let start = FrameStats.monotonicNow
        refresher.refreshAll { reports = $0 }
        MainLoop.run(until: { reports != nil }, timeout: 300)
        return ((FrameStats.monotonicNow - start) * 1000, longest, reports ?? [])
    }

    static func describe(_ reports: [FeedRefreshReport]) -> String {
        var counts: [String: Int] = [:]
        for report in reports {
            switch report.outcome {
            case .notModified: counts["304", default: 0] += 1
            case .unchanged: counts["unchanged", default: 0] += 1
            case .parsed: counts["parsed", default: 0] += 1
            case .failed(let message): counts["failed (\(message))", default: 0] += 1
            }
        }
        return counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    }

    /// An RSS 2.0 document of `items` items, like a typical blog's.
    @MainActor private func write(feed n: Int, version: Int, to folder: URL, modified: Date) throws {
        try Self.write(feed: n, items: items, version: version, to: folder, modified: modified)
    }

    static func write(feed n: Int, items: Int, version: Int, to folder: URL, modified: Date) throws {
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<rss version=\"2.0\"><channel><title>Feed \(n)</title>"
            + "<link>https://example.org/\(n)/</link><description>Bench feed \(n)</description>\n"
        for i in 0..<items {
            xml += "<item><title>Feed \(n), article \(i), version \(version)</title><link>https://example.org/\(n)/\(i)</link>"
                + "<guid>https://example.org/\(n)/\(i)/v\(version)</guid><pubDate>Mon, 23 Nov 2026 10:\(String(format: "%02d", i % 60)):00 GMT</pubDate>"
                + "<description>&lt;p&gt;Paragraph one of article \(i), with &lt;b&gt;words&lt;/b&gt; to index.&lt;/p&gt;</description></item>\n"
        }
        xml += "</channel></rss>\n"
        let file = folder.appendingPathComponent("feed\(n).xml")
        try Data(xml.utf8).write(to: file)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: file.path)
    }

    final class ParseCount: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.lock(); count += 1; lock.unlock() }
        /// The count since the last take.
        func take() -> Int { lock.lock(); defer { count = 0; lock.unlock() }; return count }
    }
}

/// The loopback site of the refresh benches: N feeds of M items, C of them changed before what is measured.
struct FeedSiteOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Subscriptions.", valueName: "N")) var feeds = 200
    @Option(help: ArgumentHelp("Feeds changed before the refresh measured.", valueName: "C")) var changed = 10
    @Option(help: ArgumentHelp("Items per feed.", valueName: "N")) var items = 20
}

/// `python3 -m http.server` bound to 127.0.0.1 on a free port, in its own process.
final class LoopbackFeedServer {
    let base: String
    private let process = Process()

    init(root: URL) throws {
        let port = try Self.freePort()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-m", "http.server", "--bind", "127.0.0.1", "--directory", root.path, String(port)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        base = "http://127.0.0.1:\(port)"
        // Ready when it accepts a connection.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !Self.accepts(port: port) { Thread.sleep(forTimeInterval: 0.05) }
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// A port on 127.0.0.1 nothing listens on: bound to port 0, read, closed.
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ValidationError("no socket") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw ValidationError("no free port on 127.0.0.1") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
