import BrowserModel
import Foundation
import Gtk
import Logging

/// The browser's downloads: every file a page sends to be saved goes to the Downloads folder
/// under a safe, unused name, written as "name.part" and renamed when whole; a failure is told
/// with its reason and leaves nothing behind (docs/downloads.md). Owns the WebKit downloads in
/// flight; tells the browser what to say through `report`.
@MainActor
public final class Downloads {
    /// Preferences → "Ask where to save": each download asks with the save dialog (GtkFileChooserNative)
    /// instead of going straight to the Downloads folder.
    public var asksWhereToSave = false

    /// What the browser shows for a download event.
    enum Event {
        case finished(text: String, path: String)
        case failed(text: String)
        /// A download nobody clicked for waits for an answer (`answer(id:save:)`).
        case ask(text: String, id: String)
        /// The question about `id` is moot (the download ended meanwhile).
        case withdrawn(id: String)
        /// A failure told earlier no longer holds (the download is being tried again).
        case resolved(text: String)
    }

    /// Where a download came from, as the browser that owns the page knows it.
    struct Origin {
        /// The navigation that led to it was a click or a key, not a script on its own.
        let byUser: Bool
        /// The page's host, to name in a question.
        let site: String
    }

    private final class Running {
        let download: Download
        var folder: String
        /// The save dialog while it asks (kept until it answers).
        var chooser: PathChooser?
        var name: String?
        var partialPath: String?
        var failure: String?
        var cancelled = false
        /// Asked for by the user (Retry, the page menu): never asked about.
        var byUser = false
        /// The save dialog asks where it goes (Save Image As…), whatever the preference.
        var asksWhere = false
        var spaceCheckedAt: UInt64 = 0
        var spaceCheckInterval: UInt64 = 4 << 20
        /// Stopped by the free-space check: told as a failure with this reason, not as a cancel.
        var spaceRefusal: String?
        /// Stopped by Skiff before a byte was written (the folder check): already told.
        var refused = false
        /// Waiting for the user to say Save or Cancel, with the name the server suggested.
        var awaiting: String?
        let id = UUID().uuidString
        init(download: Download, folder: String) { self.download = download; self.folder = folder }
    }

    private var running: [ObjectIdentifier: Running] = [:]
    private let report: @MainActor (Event) -> Void
    private let logger = Logger(label: "skiff.browser.downloads")
    /// The one connection to the process-wide session's "download-started" (it outlives every
    /// window), handing each download to the browser whose page started it.
    private static var sharedSessionWatched = false
    private static var sharedOwners: [WeakDownloads] = []

    /// What the toolbar's list shows (DownloadsPanel.swift).
    private(set) var list = DownloadList()
    let panel = DownloadsPanel()
    private var renderScheduled = false

    init(report: @escaping @MainActor (Event) -> Void) {
        self.report = report
        panel.onCancel = { [weak self] id in self?.cancel(id: id) }
        panel.onRetry = { [weak self] id in self?.retry(id: id) }
        panel.onOpen = { [weak self] path in
            if let problem = FileLauncher.open(path) {
                self?.report(.failed(text: "“\((path as NSString).lastPathComponent)” could not be opened: \(problem)."))
            }
        }
        panel.onShowInFolder = { [weak self] path in
            FileLauncher.showInFolder(path) { problem in
                if let problem { self?.report(.failed(text: "The folder could not be shown: \(problem).")) }
            }
        }
    }

    /// The list changed: shown now, or (for progress, which comes with every chunk) at most every
    /// 100 ms.
    private func show(_ id: String, name: String? = nil, _ state: DownloadList.State, now: Bool = true) {
        list.update(id: id, name: name, state: state, now: ProcessInfo.processInfo.systemUptime)
        if now { return panel.render(list) }
        guard !renderScheduled else { return }
        renderScheduled = true
        MainLoop.after(milliseconds: 100) { [weak self] in
            guard let self else { return }
            self.renderScheduled = false
            self.panel.render(self.list)
        }
    }

    /// Addresses the user asked to download (the list's Retry, the page menu's Download Linked File and
    /// Save Image As…), never asked about; true when the save dialog asks where each goes.
    private var askedFor: [String: Bool] = [:]
    /// The failure notice told for each failed download, taken back by its Retry.
    private var failureTexts: [String: String] = [:]
    var retryView: (@MainActor () -> WebView?)?

    /// A failure told, and kept for its entry's Retry to take back.
    private func tellFailure(_ id: String, _ text: String) {
        // Only for entries still listed (the list keeps 50): the map never outgrows it.
        failureTexts = failureTexts.filter { key, _ in list.entries.contains { $0.id == key } }
        failureTexts[id] = text
        tell(.failed(text: text))
    }

    /// The list's Retry: the failed entry goes and the address is downloaded again, as a click.
    func retry(id: String) {
        guard let entry = list.entries.first(where: { $0.id == id }), entry.canRetry, let uri = entry.uri, let view = retryView?() else { return }
        list.remove(id: id)
        if let text = failureTexts.removeValue(forKey: id) { tell(.resolved(text: text)) }
        download(uri, with: view, askWhere: false)
        panel.render(list)
    }

    /// A download the user asked for by name (the page menu): never asked about; with `askWhere`, the
    /// save dialog says where it goes whatever the preference.
    func download(_ uri: String, with view: WebView, askWhere: Bool) {
        askedFor[uri] = askWhere
        view.download(uri: uri)
    }

    /// The list's Cancel: a running download stops (its partial file goes); a question is refused.
    func cancel(id: String) {
        guard let item = running.values.first(where: { $0.id == id }) else { return }
        if item.awaiting != nil { return answer(id: id, save: false) }
        item.download.cancel()
    }

    /// Watches `session`. A private window's session is its own: connected directly, gone with it.
    /// The shared session is watched once for the process; `owns` says which browser a download is for.
    func watch(_ session: NetworkSession, isShared: Bool, origin: @escaping @MainActor (Download) -> Origin?) {
        self.origin = origin
        // Before any download of this process can start (its entry must not be mistaken for the
        // last run's); told once the window is up.
        recoverInterrupted()
        if !isShared {
            session.onDownloadStarted { [weak self] in self?.start($0) }
            return
        }
        Self.sharedOwners.removeAll { $0.value == nil }
        Self.sharedOwners.append(WeakDownloads(self))
        guard !Self.sharedSessionWatched else { return }
        Self.sharedSessionWatched = true
        session.onDownloadStarted { download in
            let owners = Downloads.sharedOwners.compactMap(\.value)
            (owners.first { $0.origin?(download) != nil } ?? owners.first)?.start(download)
        }
    }
    private var origin: (@MainActor (Download) -> Origin?)?

    private final class WeakDownloads {
        weak var value: Downloads?
        init(_ value: Downloads) { self.value = value }
    }

    func start(_ download: Download) {
        let item = Running(download: download, folder: UserFolders.downloads)
        let key = ObjectIdentifier(download)
        running[key] = item
        if let uri = download.uri, let askWhere = askedFor.removeValue(forKey: uri) {
            item.byUser = true
            item.asksWhere = askWhere
        }
        list.add(id: item.id, name: DownloadNaming.safeName(suggested: nil, uri: download.uri), state: .running(received: 0, total: nil), uri: download.uri)
        panel.render(list)
        download.onProgress { [weak self, weak item] in
            guard let self, let item, item.name != nil, !item.refused, item.failure == nil else { return }
            self.show(item.id, .running(received: item.download.receivedLength, total: item.download.expectedLength), now: false)
            self.checkSpace(item)
        }
        download.allowsOverwrite = false
        download.onDecideDestination { [weak self, weak item] suggested in
            guard let self, let item else { return false }
            // No click led here (a script, a redirect on its own): the user says first.
            if !item.byUser, let origin = self.origin?(download), !origin.byUser {
                item.awaiting = suggested
                let name = DownloadNaming.safeName(suggested: suggested, uri: download.uri)
                self.show(item.id, name: name, .asking)
                let size = download.expectedLength.map { " (\(DownloadReport.size($0)))" } ?? ""
                self.tell(.ask(text: "\(origin.site) wants to download “\(name)”\(size) without a click. Save it?", id: item.id))
                return true
            }
            self.chooseDestination(item, suggested: suggested)
            return true
        }
        download.onFailed { [weak self, weak item] failure in
            guard let self, let item else { return }
            self.failed(item, failure)
        }
        download.onFinished { [weak self] in
            guard let self, let item = self.running.removeValue(forKey: key) else { return }
            if item.awaiting != nil { self.tell(.withdrawn(id: item.id)) }
            self.finished(item)
        }
        logger.info("download started: \(download.uri ?? "?")")
    }

    /// The answer to `.ask`: Save goes on as for a click; Cancel stops it, nothing written.
    func answer(id: String, save: Bool) {
        guard let item = running.values.first(where: { $0.id == id }), let suggested = item.awaiting else { return }
        item.awaiting = nil
        if save {
            chooseDestination(item, suggested: suggested)
        } else {
            item.refused = true
            show(item.id, .cancelled)
            item.download.cancel()
        }
    }

    /// Straight to the folder, or — "Ask where to save" — where the save dialog says. The dialog's
    /// choice goes through the same path: written as "name.part", never over an existing file.
    private func chooseDestination(_ item: Running, suggested: String) {
        guard asksWhereToSave || item.asksWhere else { return decideDestination(item, suggested: suggested) }
        let name = DownloadNaming.safeName(suggested: suggested.isEmpty ? item.download.suggestedName : suggested, uri: item.download.uri)
        show(item.id, name: name, .asking)
        let chooser = PathChooser.save(title: "Save “\(name)”", name: name, folder: item.folder, transientFor: panel.button)
        item.chooser = chooser
        chooser.ask { [weak self, weak item] path in
            guard let self, let item else { return }
            item.chooser = nil
            guard let path else {
                item.refused = true
                self.show(item.id, .cancelled)
                item.download.cancel()
                return
            }
            item.folder = (path as NSString).deletingLastPathComponent
            self.decideDestination(item, suggested: (path as NSString).lastPathComponent)
        }
    }

    private func decideDestination(_ item: Running, suggested: String) {
        let folder = item.folder
        if let problem = DownloadFiles.prepare(folder: folder) ?? Self.spaceProblem(item, folder: folder) {
            item.refused = true
            let name = DownloadNaming.safeName(suggested: suggested, uri: item.download.uri)
            show(item.id, name: name, .failed(reason: problem))
            tellFailure(item.id, DownloadReport.failed(name: name, reason: problem))
            // After this signal returns: WebKit is still inside it.
            MainLoop.idle { item.download.cancel() }
            return
        }
        let safe = DownloadNaming.safeName(suggested: suggested.isEmpty ? item.download.suggestedName : suggested, uri: item.download.uri)
        let name = DownloadNaming.unique(safe) { DownloadFiles.exists(folder, $0) || self.isReserved(folder, $0) }
        item.name = name
        let partial = (folder as NSString).appendingPathComponent(DownloadNaming.partialName(for: name))
        item.partialPath = partial
        Self.journal(adding: partial, uri: item.download.uri)
        show(item.id, name: name, .running(received: 0, total: item.download.expectedLength))
        item.download.setDestination(partial)
    }

    /// A download whose size was not said is stopped when the disk reaches its reserve; checked
    /// every 4 MB written, or every half reserve on a small disk, so the check comes before the disk
    /// is full.
    private func checkSpace(_ item: Running) {
        let received = item.download.receivedLength
        guard item.download.expectedLength == nil, item.spaceCheckedAt == 0 || received >= item.spaceCheckedAt + item.spaceCheckInterval else { return }
        if item.spaceCheckedAt == 0 { item.spaceCheckInterval = Self.checkInterval(folder: item.folder) }
        item.spaceCheckedAt = max(1, received)
        guard let problem = Self.spaceProblem(item, folder: item.folder) else { return }
        item.spaceRefusal = problem
        item.download.cancel()
    }

    /// A name another download in flight will take when it finishes.
    private func isReserved(_ folder: String, _ name: String) -> Bool {
        running.values.contains { $0.folder == folder && $0.name == name }
    }

    private func failed(_ item: Running, _ failure: DownloadFailure) {
        guard !item.refused else { return }
        let kind: DownloadReport.FailureKind = switch failure.kind {
        case .network: .network
        case .cancelled: .cancelled
        case .destination: .destination
        case .other: .other
        }
        item.cancelled = failure.kind == .cancelled && item.spaceRefusal == nil
        item.failure = item.spaceRefusal ?? DownloadReport.reason(kind: kind, message: failure.message, folder: DownloadFiles.display(item.folder))
        logger.notice("download failed: \(item.download.uri ?? "?"): \(failure.message)")
    }

    private func finished(_ item: Running) {
        if item.refused { return }
        guard let name = item.name, let partial = item.partialPath else { return }
        // Renamed whole or removed below, whichever way it ends: no longer in flight.
        defer { Self.journal(removing: partial) }
        // WebKit 2.50 reports a body the server cut short (fewer bytes than its Content-Length, then
        // the connection closed) as finished: the size on disk says otherwise.
        if item.failure == nil, let expected = item.download.expectedLength, DownloadFiles.size(of: partial) < expected {
            item.failure = DownloadReport.truncated(received: DownloadFiles.size(of: partial), expected: expected)
        }
        if let failure = item.failure {
            DownloadFiles.removePartial(partial)
            // Cancelled by the user: they know. Anything else is told with its reason.
            show(item.id, item.cancelled ? .cancelled : .failed(reason: failure))
            if !item.cancelled { tellFailure(item.id, DownloadReport.failed(name: name, reason: failure)) }
            return
        }
        // Renamed to a name free now: another file may have taken it while this one downloaded.
        var final = name
        var renamed = false
        for _ in 0..<3 where !renamed {
            final = DownloadNaming.unique(name) { DownloadFiles.exists(item.folder, $0) && $0 != DownloadNaming.partialName(for: name) }
            renamed = DownloadFiles.renameNoReplace(partial, to: (item.folder as NSString).appendingPathComponent(final))
        }
        guard renamed else {
            DownloadFiles.removePartial(partial)
            let reason = DownloadReport.reason(errno: errno, folder: DownloadFiles.display(item.folder))
            show(item.id, .failed(reason: reason))
            return tellFailure(item.id, DownloadReport.failed(name: name, reason: reason))
        }
        let path = (item.folder as NSString).appendingPathComponent(final)
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? UInt64) ?? item.download.receivedLength
        logger.info("downloaded \(path) (\(size) bytes)")
        show(item.id, name: final, .done(path: path, size: size))
        tell(.finished(text: DownloadReport.finished(name: final, folder: DownloadFiles.display(item.folder), bytes: size), path: path))
    }

    private func tell(_ event: Event) { report(event) }

    // MARK: Downloads a process left unfinished (DownloadJournal)

    /// The journal of this process's downloads in flight; nil until first used.
    private static var journal: DownloadJournal?
    private static var recovered = false

    private static func journal(adding partial: String, uri: String?) {
        var current = journal ?? DownloadJournal()
        current.add(partialPath: partial, uri: uri)
        journal = current
        if !DownloadFiles.writeJournal(current) {
            Logger(label: "skiff.browser.downloads").warning("the downloads journal could not be written at \(DownloadFiles.journalURL.path)")
        }
    }

    private static func journal(removing partial: String) {
        guard var current = journal else { return }
        current.remove(partialPath: partial)
        journal = current
        DownloadFiles.writeJournal(current)
    }

    /// Once a process, before its first download: the partial files of downloads the last run left
    /// unfinished (killed, crashed) are removed, listed with Retry, and told.
    private func recoverInterrupted() {
        guard !Self.recovered else { return }
        Self.recovered = true
        let left = DownloadFiles.readJournal()
        guard !left.entries.isEmpty else { return }
        var names: [String] = []
        var folders: Set<String> = []
        for entry in left.entries {
            let received = max(DownloadFiles.size(of: entry.partialPath), DownloadFiles.size(of: entry.partialPath + ".wkdownload"))
            let existed = FileManager.default.fileExists(atPath: entry.partialPath) || FileManager.default.fileExists(atPath: entry.partialPath + ".wkdownload")
            DownloadFiles.removePartial(entry.partialPath)
            logger.notice("removed the unfinished download \(entry.partialPath) (\(received) bytes) left by the last run")
            guard existed else { continue }
            names.append(entry.name)
            folders.insert(DownloadFiles.display((entry.partialPath as NSString).deletingLastPathComponent))
            let id = UUID().uuidString
            list.add(id: id, name: entry.name, state: .running(received: 0, total: nil), uri: entry.uri.isEmpty ? nil : entry.uri)
            list.update(id: id, state: .failed(reason: DownloadJournal.interruptedReason(received: received)))
        }
        // Only what this process has in flight stays listed.
        Self.journal = Self.journal ?? DownloadJournal()
        DownloadFiles.writeJournal(Self.journal ?? DownloadJournal())
        guard !names.isEmpty else { return }
        panel.render(list)
        let text = DownloadJournal.notice(names: names, folder: folders.count == 1 ? folders.first ?? "" : "the Downloads folder")
        MainLoop.idle { [weak self] in self?.tell(.failed(text: text)) }
    }

    /// Whether the download would eat into the disk's reserve (DownloadReport.spaceProblem).
    private static func spaceProblem(_ item: Running, folder: String) -> String? {
        guard let space = DownloadFiles.space(under: folder) else { return nil }
        return DownloadReport.spaceProblem(length: item.download.expectedLength, received: item.download.receivedLength,
                                           free: space.free, diskSize: space.size)
    }

    private static func checkInterval(folder: String) -> UInt64 {
        guard let space = DownloadFiles.space(under: folder) else { return 4 << 20 }
        return max(1, min(4 << 20, DownloadReport.reserve(forDiskOf: space.size) / 2))
    }
}
