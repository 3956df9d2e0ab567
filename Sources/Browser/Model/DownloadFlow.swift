import Foundation

/// What downloading asks of the disk, as the flow decides (the view's `DownloadFiles` answers
/// with the real file system; tests with a folder in memory).
public protocol DownloadDisk {
    /// Makes the folder if it is missing; nil when a file can be created in it, else why not.
    func prepare(folder: String) -> String?
    /// The free space and size of the disk under `folder`, nil when they cannot be read.
    func space(under folder: String) -> (free: UInt64, size: UInt64)?
    /// Whether `name` is taken in `folder` (a file, a link, anything).
    func exists(_ folder: String, _ name: String) -> Bool
    /// The size of the file at `path`, nil when there is none.
    func size(of path: String) -> UInt64?
    /// Renames without ever replacing a file: nil when done, else the errno that stopped it.
    func renameNoReplace(_ from: String, to: String) -> Int32?
    /// The folder as the user reads it ("~/Downloads").
    func display(_ folder: String) -> String
}

/// Every download's way from its start to saved, failed, cancelled or refused: the whole of what
/// docs/downloads.md says, decided here. The view (`Downloads`) turns WebKit's signals and the
/// user's answers into `Event`s and does the `Effect`s in order; it decides nothing. One flow per
/// window; its `list` is what the window's Downloads list shows.
public struct DownloadFlow {
    /// Where a download came from, as the browser that owns the page knows it.
    public struct Origin: Equatable, Sendable {
        /// The navigation that led to it was a click or a key, not a script on its own.
        public let byUser: Bool
        /// The page's host, to name in a question.
        public let site: String
        public init(byUser: Bool, site: String) { (self.byUser, self.site) = (byUser, site) }
    }

    /// A download the last run left unfinished (`DownloadJournal`), its part already removed.
    public struct LeftOver: Equatable, Sendable {
        public let name: String
        public let uri: String?
        public let folder: String
        public let received: UInt64
        public init(name: String, uri: String?, folder: String, received: UInt64) {
            (self.name, self.uri, self.folder, self.received) = (name, uri, folder, received)
        }
    }

    public enum Event: Equatable, Sendable {
        /// The user asked for `uri` by name (Download Linked File, Save Image As… with `askWhere`).
        case requested(uri: String, askWhere: Bool)
        /// WebKit started a download `id` (to go to `folder`, the Downloads folder now).
        case started(id: String, uri: String?, folder: String)
        /// WebKit asks where it goes: the server's name (`suggested`, may be empty), WebKit's own
        /// guess (`suggestedName`), the announced length, and the page's origin if it is known.
        case destinationAsked(id: String, suggested: String, suggestedName: String?, expected: UInt64?, origin: Origin?)
        /// The answer to "… wants to download … without a click. Save it?".
        case answered(id: String, save: Bool)
        /// The save dialog's answer: the path chosen, or nil when it was cancelled.
        case chosen(id: String, path: String?)
        case progress(id: String, received: UInt64, expected: UInt64?)
        case failed(id: String, kind: DownloadReport.FailureKind, message: String)
        /// WebKit is done with it (after `failed` too): the bytes received and announced.
        case finished(id: String, received: UInt64, expected: UInt64?)
        /// The list's Cancel.
        case cancelPressed(id: String)
        /// The list's Retry (the view has a web view to download with).
        case retryPressed(id: String)
        /// Once a process, before its first download: what the last run left unfinished.
        case leftByLastRun([LeftOver])
    }

    /// What the browser tells the user.
    public enum Notice: Equatable, Sendable {
        case finished(text: String, path: String)
        case failed(text: String)
        /// A download nobody clicked for waits for an answer (`.answered`).
        case ask(text: String, id: String)
        /// The question about `id` is moot (the download ended meanwhile).
        case withdrawn(id: String)
        /// A failure told earlier no longer holds (the download is being tried again).
        case resolved(text: String)
    }

    public enum Effect: Equatable, Sendable {
        /// The list changed: shown now, or (progress, which comes with every chunk) soon.
        case showList(soon: Bool)
        case tell(Notice)
        /// Told once the window is up (the notice at launch).
        case tellWhenIdle(Notice)
        /// The save dialog for `name` in `folder`; its answer is `.chosen`.
        case askWhere(id: String, name: String, folder: String)
        /// WebKit is to write here (never over a file).
        case setDestination(id: String, path: String)
        /// Stop the download; `afterSignal` when WebKit is inside the signal that led here.
        case cancel(id: String, afterSignal: Bool)
        /// Download `uri` with the window's page (Retry).
        case download(uri: String)
        /// The part of an ended download, and WebKit's `.wkdownload` beside it, go.
        case removePartial(path: String)
        /// The process's journal of downloads in flight (`DownloadJournal`).
        case journalAdd(partialPath: String, uri: String?)
        case journalRemove(partialPath: String)
        /// Saved whole: for the log.
        case saved(path: String, bytes: UInt64)
    }

    /// How often (bytes) a download of unknown size checks the disk's reserve, at most.
    static let spaceCheckInterval: UInt64 = 4 << 20

    private struct Running {
        let id: String
        let uri: String?
        var folder: String
        /// Asked for by the user (Retry, the page menu): never asked about.
        var byUser = false
        /// The save dialog asks where it goes (Save Image As…), whatever the preference.
        var asksWhere = false
        /// Waiting for Save or Cancel, with the name the server suggested.
        var awaiting: String?
        var suggestedName: String?
        var expected: UInt64?
        var received: UInt64 = 0
        /// The name it will have whole, once decided, and the part WebKit writes.
        var name: String?
        var partialPath: String?
        var failure: String?
        /// Cancelled by the user: they know, nothing is told.
        var cancelled = false
        /// Stopped by Skiff before a byte was written (its folder, its size, a Cancel): already told.
        var refused = false
        var spaceCheckedAt: UInt64 = 0
        var spaceCheckEvery = DownloadFlow.spaceCheckInterval
        /// Stopped by the free-space check: told as a failure with this reason, not as a cancel.
        var spaceRefusal: String?
        init(id: String, uri: String?, folder: String) { (self.id, self.uri, self.folder) = (id, uri, folder) }
    }

    /// Preferences → "Ask where to save": each download asks with the save dialog.
    public var asksWhereToSave = false
    /// What the window's Downloads list shows.
    public private(set) var list = DownloadList()
    private var running: [String: Running] = [:]
    /// Addresses the user asked to download, never asked about; true when the dialog asks where.
    private var askedFor: [String: Bool] = [:]
    /// The failure notice told for each failed download, taken back by its Retry.
    private var failureTexts: [String: String] = [:]

    public init() {}

    /// Whether `id` is in flight (WebKit still holds it).
    public func isRunning(_ id: String) -> Bool { running[id] != nil }

    /// `now`: seconds on any steady clock (the list's speed).
    public mutating func handle(_ event: Event, disk: any DownloadDisk, now: Double) -> [Effect] {
        switch event {
        case let .requested(uri, askWhere):
            askedFor[uri] = askWhere
            return [.download(uri: uri)]
        case let .started(id, uri, folder):
            var item = Running(id: id, uri: uri, folder: folder)
            if let uri, let askWhere = askedFor.removeValue(forKey: uri) {
                item.byUser = true
                item.asksWhere = askWhere
            }
            running[id] = item
            list.add(id: id, name: DownloadNaming.safeName(suggested: nil, uri: uri), state: .running(received: 0, total: nil), uri: uri)
            return [.showList(soon: false)]
        case let .destinationAsked(id, suggested, suggestedName, expected, origin):
            guard var item = running[id] else { return [] }
            item.suggestedName = suggestedName
            item.expected = expected
            // No click led here (a script, a redirect on its own): the user says first.
            if !item.byUser, let origin, !origin.byUser {
                item.awaiting = suggested
                running[id] = item
                let name = DownloadNaming.safeName(suggested: suggested, uri: item.uri)
                list.update(id: id, name: name, state: .asking, now: now)
                let size = expected.map { " (\(DownloadReport.size($0)))" } ?? ""
                return [.showList(soon: false),
                        .tell(.ask(text: "\(origin.site) wants to download “\(name)”\(size) without a click. Save it?", id: id))]
            }
            running[id] = item
            return chooseDestination(id, suggested: suggested, disk: disk, now: now)
        case let .answered(id, save):
            guard var item = running[id], let suggested = item.awaiting else { return [] }
            item.awaiting = nil
            guard save else {
                item.refused = true
                running[id] = item
                list.update(id: id, state: .cancelled, now: now)
                return [.showList(soon: false), .cancel(id: id, afterSignal: false)]
            }
            running[id] = item
            return chooseDestination(id, suggested: suggested, disk: disk, now: now)
        case let .chosen(id, path):
            guard var item = running[id] else { return [] }
            guard let path else {
                item.refused = true
                running[id] = item
                list.update(id: id, state: .cancelled, now: now)
                return [.showList(soon: false), .cancel(id: id, afterSignal: false)]
            }
            item.folder = (path as NSString).deletingLastPathComponent
            running[id] = item
            return decideDestination(id, suggested: (path as NSString).lastPathComponent, disk: disk, now: now)
        case let .progress(id, received, expected):
            guard var item = running[id] else { return [] }
            item.received = received
            item.expected = expected
            running[id] = item
            guard item.name != nil, !item.refused, item.failure == nil else { return [] }
            list.update(id: id, state: .running(received: received, total: expected), now: now)
            return [.showList(soon: true)] + checkSpace(id, disk: disk)
        case let .failed(id, kind, message):
            guard var item = running[id], !item.refused else { return [] }
            item.cancelled = kind == .cancelled && item.spaceRefusal == nil
            item.failure = item.spaceRefusal ?? DownloadReport.reason(kind: kind, message: message, folder: disk.display(item.folder))
            running[id] = item
            return []
        case let .finished(id, received, expected):
            guard var item = running.removeValue(forKey: id) else { return [] }
            item.received = received
            item.expected = expected
            let withdrawn: [Effect] = item.awaiting != nil ? [.tell(.withdrawn(id: id))] : []
            return withdrawn + finished(item, disk: disk, now: now)
        case let .cancelPressed(id):
            guard let item = running[id] else { return [] }
            if item.awaiting != nil { return handle(.answered(id: id, save: false), disk: disk, now: now) }
            return [.cancel(id: id, afterSignal: false)]
        case let .retryPressed(id):
            guard let entry = list.entries.first(where: { $0.id == id }), entry.canRetry, let uri = entry.uri else { return [] }
            list.remove(id: id)
            var effects: [Effect] = []
            if let text = failureTexts.removeValue(forKey: id) { effects.append(.tell(.resolved(text: text))) }
            askedFor[uri] = false
            return effects + [.download(uri: uri), .showList(soon: false)]
        case let .leftByLastRun(left):
            guard !left.isEmpty else { return [] }
            for entry in left {
                let id = UUID().uuidString
                list.add(id: id, name: entry.name, state: .running(received: 0, total: nil), uri: entry.uri)
                list.update(id: id, state: .failed(reason: DownloadJournal.interruptedReason(received: entry.received)))
            }
            let folders = Set(left.map(\.folder))
            let text = DownloadJournal.notice(names: left.map(\.name), folder: folders.count == 1 ? folders.first ?? "" : "the Downloads folder")
            return [.showList(soon: false), .tellWhenIdle(.failed(text: text))]
        }
    }

    /// Straight to the folder, or — "Ask where to save" — where the save dialog says (`.chosen`),
    /// which then goes the same way: written as "name.part", never over an existing file.
    private mutating func chooseDestination(_ id: String, suggested: String, disk: any DownloadDisk, now: Double) -> [Effect] {
        guard let item = running[id] else { return [] }
        guard asksWhereToSave || item.asksWhere else { return decideDestination(id, suggested: suggested, disk: disk, now: now) }
        let name = DownloadNaming.safeName(suggested: suggested.isEmpty ? item.suggestedName : suggested, uri: item.uri)
        list.update(id: id, name: name, state: .asking, now: now)
        return [.showList(soon: false), .askWhere(id: id, name: name, folder: item.folder)]
    }

    /// The folder checked (it can be written, the disk has room), then a name free in it.
    private mutating func decideDestination(_ id: String, suggested: String, disk: any DownloadDisk, now: Double) -> [Effect] {
        guard var item = running[id] else { return [] }
        let folder = item.folder
        if let problem = disk.prepare(folder: folder) ?? spaceProblem(item, disk: disk) {
            item.refused = true
            running[id] = item
            let name = DownloadNaming.safeName(suggested: suggested, uri: item.uri)
            list.update(id: id, name: name, state: .failed(reason: problem), now: now)
            // After this signal returns: WebKit is still inside it.
            return [.showList(soon: false)] + tellFailure(id, DownloadReport.failed(name: name, reason: problem))
                + [.cancel(id: id, afterSignal: true)]
        }
        let safe = DownloadNaming.safeName(suggested: suggested.isEmpty ? item.suggestedName : suggested, uri: item.uri)
        let others = running.values.filter { $0.id != id && $0.folder == folder }.compactMap(\.name)
        let name = DownloadNaming.unique(safe) { disk.exists(folder, $0) || others.contains($0) }
        let partial = (folder as NSString).appendingPathComponent(DownloadNaming.partialName(for: name))
        item.name = name
        item.partialPath = partial
        running[id] = item
        list.update(id: id, name: name, state: .running(received: 0, total: item.expected), now: now)
        return [.journalAdd(partialPath: partial, uri: item.uri), .showList(soon: false), .setDestination(id: id, path: partial)]
    }

    /// A download whose size was not said is stopped when the disk reaches its reserve; checked
    /// every 4 MB written, or every half reserve on a small disk, so the check comes before the
    /// disk is full.
    private mutating func checkSpace(_ id: String, disk: any DownloadDisk) -> [Effect] {
        guard var item = running[id], item.expected == nil,
              item.spaceCheckedAt == 0 || item.received >= item.spaceCheckedAt + item.spaceCheckEvery else { return [] }
        if item.spaceCheckedAt == 0 {
            item.spaceCheckEvery = disk.space(under: item.folder).map { max(1, min(Self.spaceCheckInterval, DownloadReport.reserve(forDiskOf: $0.size) / 2)) }
                ?? Self.spaceCheckInterval
        }
        item.spaceCheckedAt = max(1, item.received)
        defer { running[id] = item }
        guard let problem = spaceProblem(item, disk: disk) else { return [] }
        item.spaceRefusal = problem
        return [.cancel(id: id, afterSignal: false)]
    }

    private func spaceProblem(_ item: Running, disk: any DownloadDisk) -> String? {
        guard let space = disk.space(under: item.folder) else { return nil }
        return DownloadReport.spaceProblem(length: item.expected, received: item.received, free: space.free, diskSize: space.size)
    }

    private mutating func finished(_ item: Running, disk: any DownloadDisk, now: Double) -> [Effect] {
        guard !item.refused, let name = item.name, let partial = item.partialPath else { return [] }
        let id = item.id
        // Renamed whole or removed, whichever way it ends: no longer in flight.
        let forget = Effect.journalRemove(partialPath: partial)
        var failure = item.failure
        // WebKit 2.50 reports a body the server cut short (fewer bytes than its Content-Length, then
        // the connection closed) as finished: the size on disk says otherwise.
        let onDisk = disk.size(of: partial) ?? 0
        if failure == nil, let expected = item.expected, onDisk < expected {
            failure = DownloadReport.truncated(received: onDisk, expected: expected)
        }
        if let failure {
            list.update(id: id, state: item.cancelled ? .cancelled : .failed(reason: failure), now: now)
            // Cancelled by the user: they know. Anything else is told with its reason.
            let told = item.cancelled ? [] : tellFailure(id, DownloadReport.failed(name: name, reason: failure))
            return [.removePartial(path: partial), .showList(soon: false)] + told + [forget]
        }
        // Renamed to a name free now: another file may have taken it while this one downloaded.
        var final = name
        var problem: Int32? = EEXIST
        for _ in 0..<3 where problem != nil {
            final = DownloadNaming.unique(name) { disk.exists(item.folder, $0) && $0 != DownloadNaming.partialName(for: name) }
            problem = disk.renameNoReplace(partial, to: (item.folder as NSString).appendingPathComponent(final))
        }
        if let problem {
            let reason = DownloadReport.reason(errno: problem, folder: disk.display(item.folder))
            list.update(id: id, state: .failed(reason: reason), now: now)
            return [.removePartial(path: partial), .showList(soon: false)] + tellFailure(id, DownloadReport.failed(name: name, reason: reason)) + [forget]
        }
        let path = (item.folder as NSString).appendingPathComponent(final)
        let size = disk.size(of: path) ?? item.received
        list.update(id: id, name: final, state: .done(path: path, size: size), now: now)
        return [.saved(path: path, bytes: size), .showList(soon: false),
                .tell(.finished(text: DownloadReport.finished(name: final, folder: disk.display(item.folder), bytes: size), path: path)), forget]
    }

    /// A failure told, and kept for its entry's Retry to take back.
    private mutating func tellFailure(_ id: String, _ text: String) -> [Effect] {
        // Only for entries still listed (the list keeps 50): the map never outgrows it.
        failureTexts = failureTexts.filter { key, _ in list.entries.contains { $0.id == key } }
        failureTexts[id] = text
        return [.tell(.failed(text: text))]
    }
}
