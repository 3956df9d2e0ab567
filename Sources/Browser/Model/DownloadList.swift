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
    }

    public private(set) var entries: [Entry] = []

    public init() {}

    public mutating func add(id: String, name: String, state: State) {
        entries.insert(Entry(id: id, name: name, state: state), at: 0)
        while entries.count > Self.maximumEntries, let old = entries.lastIndex(where: { !$0.state.isActive }) {
            entries.remove(at: old)
        }
    }

    public mutating func update(id: String, name: String? = nil, state: State) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        if let name { entries[index].name = name }
        entries[index].state = state
    }

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

    /// What the toolbar button says to a screen reader (and its tooltip).
    public var summary: String {
        let active = activeCount
        guard active > 0 else { return entries.count == 1 ? "1 download" : "\(entries.count) downloads" }
        let percent = progress.map { ", \(Int(($0 * 100).rounded(.down))) %" } ?? ""
        return "\(active) downloading\(percent)"
    }

    /// One entry's line under its name: "1.2 MB of 5.0 MB", "Done — 300.0 kB", "Failed: the disk is full".
    public static func status(of entry: Entry) -> String {
        switch entry.state {
        case .asking: "Waiting for your answer"
        case .running(let received, let total?): "\(DownloadReport.size(received)) of \(DownloadReport.size(total))"
        case .running(let received, nil): DownloadReport.size(received)
        case .done(_, let size): "Done — \(DownloadReport.size(size))"
        case .failed(let reason): "Failed: \(reason)"
        case .cancelled: "Cancelled"
        }
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
