/// This window's downloads as the toolbar's list shows them, newest first (docs/downloads.md).
/// Kept in memory only: a private window's list goes with it, and so does the main window's.
public struct DownloadList: Equatable, Sendable {
    /// The most entries kept; older finished ones drop off the end.
    public static let maximumEntries = 50

    public enum State: Equatable, Sendable {
        /// Waiting for the user's Save / Cancel.
        case asking
        case running(received: UInt64, total: UInt64?)
        case done(path: String, size: UInt64)
        case failed(reason: String)
        case cancelled

        public var isActive: Bool {
            switch self {
            case .asking, .running: true
            default: false
            }
        }
    }

    public struct Entry: Equatable, Sendable {
        public let id: String
        public var name: String
        public var state: State
        /// Where it came from, for Retry.
        public var uri: String?
        /// A failed download can be tried again (not one refused for its folder or its size).
        public var canRetry = false
        /// Bytes per second, smoothed; nil until a second of data has come.
        public var rate: Double?
        var sample: (time: Double, received: UInt64)?

        public static func == (a: Entry, b: Entry) -> Bool {
            a.id == b.id && a.name == b.name && a.state == b.state && a.rate == b.rate && a.uri == b.uri && a.canRetry == b.canRetry
        }
    }

    /// How often the rate is measured, in seconds, and how much a new measure weighs.
    static let rateWindow = 1.0
    static let rateWeight = 0.5

    public private(set) var entries: [Entry] = []

    public init() {}

    public mutating func add(id: String, name: String, state: State, uri: String? = nil) {
        entries.insert(Entry(id: id, name: name, state: state, uri: uri), at: 0)
        while entries.count > Self.maximumEntries, let old = entries.lastIndex(where: { !$0.state.isActive }) {
            entries.remove(at: old)
        }
    }

    /// `now` (seconds, any clock) measures the speed of a running download. Every failure can be
    /// tried again, whatever its reason: a cut connection, and also a full disk or a folder that
    /// couldn't be written, which the user may have mended since (a cancel is not a failure).
    public mutating func update(id: String, name: String? = nil, state: State, now: Double? = nil) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        if let name { entries[index].name = name }
        entries[index].state = state
        if case .failed = state { entries[index].canRetry = entries[index].uri != nil } else { entries[index].canRetry = false }
        guard case .running(let received, _) = state else { entries[index].rate = nil; return }
        guard let now else { return }
        guard let sample = entries[index].sample, received >= sample.received else {
            entries[index].sample = (now, received)
            return
        }
        let elapsed = now - sample.time
        guard elapsed >= Self.rateWindow else { return }
        let measured = Double(received - sample.received) / elapsed
        entries[index].rate = entries[index].rate.map { $0 + Self.rateWeight * (measured - $0) } ?? measured
        entries[index].sample = (now, received)
    }

    /// Retry replaces a failed entry with the new download's.
    public mutating func remove(id: String) { entries.removeAll { $0.id == id } }

    public var isEmpty: Bool { entries.isEmpty }
    public var activeCount: Int { entries.filter(\.state.isActive).count }

    /// 0…1 over the running downloads whose size is known; nil when none is.
    public var progress: Double? {
        var received: UInt64 = 0, total: UInt64 = 0
        for entry in entries {
            if case .running(let r, let t?) = entry.state, t > 0 { received += min(r, t); total += t }
        }
        return total > 0 ? Double(received) / Double(total) : nil
    }

    /// What the toolbar button's progress ring says while anything downloads: "Downloading, 40 %",
    /// "Downloading 2 files, 25 %" ("Downloading" alone while no size is known); nil when nothing does.
    public var progressText: String? {
        let active = activeCount
        guard active > 0 else { return nil }
        let percent = progress.map { ", \(Int(($0 * 100).rounded(.down))) %" } ?? ""
        return (active == 1 ? "Downloading" : "Downloading \(active) files") + percent
    }

    /// What the toolbar button says to a screen reader (and its tooltip).
    public var summary: String {
        progressText ?? (entries.count == 1 ? "1 download" : "\(entries.count) downloads")
    }

    /// One entry's line under its name: "1.2 MB of 5.0 MB", "Done — 300.0 kB", "Failed: the disk is full".
    public static func status(of entry: Entry) -> String {
        switch entry.state {
        case .asking: "Waiting for your answer"
        case .running(let received, let total?): "\(DownloadReport.size(received)) of \(DownloadReport.size(total))" + speed(entry, left: total - min(received, total))
        case .running(let received, nil): DownloadReport.size(received) + speed(entry, left: nil)
        case .done(_, let size): "Done — \(DownloadReport.size(size))"
        case .failed(let reason): "Failed: \(reason)"
        case .cancelled: "Cancelled"
        }
    }

    /// " — 1.2 MB/s, 5 s left" (the time only when the size is known; nothing before a rate).
    static func speed(_ entry: Entry, left: UInt64?) -> String {
        guard let rate = entry.rate, rate > 0 else { return "" }
        let perSecond = "\(DownloadReport.size(UInt64(rate)))/s"
        guard let left else { return " — \(perSecond)" }
        return " — \(perSecond), \(duration(Double(left) / rate)) left"
    }

    /// "5 s", "3 min", "2 h 10 min": rounded up, coarser as it grows.
    public static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.up))
        if s < 60 { return "\(max(1, s)) s" }
        let minutes = (s + 59) / 60
        if minutes < 60 { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }

    /// The entry's progress bar fraction, nil when it shows none.
    public static func fraction(of entry: Entry) -> Double? {
        switch entry.state {
        case .running(let received, let total?) where total > 0: min(1, Double(received) / Double(total))
        case .done: 1
        default: nil
        }
    }
}
