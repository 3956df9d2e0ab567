import BrowserModel
import Foundation
import Gtk
import Logging

/// The browser's downloads: owns the WebKit downloads in flight, the save dialogs and the toolbar's
/// list, and carries out what `DownloadFlow` (the model, where every rule of docs/downloads.md is
/// decided) returns for each of WebKit's signals and the user's answers. Tells the browser what to
/// say through `report`.
@MainActor
public final class Downloads {
    /// Preferences → "Ask where to save": each download asks with the save dialog (GtkFileChooserNative)
    /// instead of going straight to the Downloads folder.
    public var asksWhereToSave: Bool {
        get { flow.asksWhereToSave }
        set { flow.asksWhereToSave = newValue }
    }

    typealias Event = DownloadFlow.Notice
    typealias Origin = DownloadFlow.Origin

    private var flow = DownloadFlow()
    /// WebKit's downloads in flight by the flow's id, and the save dialog of each while it asks.
    private var running: [String: Download] = [:]
    private var choosers: [String: PathChooser] = [:]
    private let report: @MainActor (Event) -> Void
    private static let logger = Logger(label: "skiff.browser.downloads")
    /// The one connection to the process-wide session's "download-started" (it outlives every
    /// window), handing each download to the browser whose page started it.
    private static var sharedSessionWatched = false
    private static var sharedOwners: [WeakDownloads] = []

    /// What the toolbar's list shows (DownloadsPanel.swift).
    var list: DownloadList { flow.list }
    let panel = DownloadsPanel()
    private var renderScheduled = false
    var retryView: (@MainActor () -> WebView?)?
    private var origin: (@MainActor (Download) -> Origin?)?

    init(report: @escaping @MainActor (Event) -> Void) {
        self.report = report
        panel.onCancel = { [weak self] id in self?.send(.cancelPressed(id: id)) }
        panel.onRetry = { [weak self] id in
            guard let self, self.retryView?() != nil else { return }
            self.send(.retryPressed(id: id))
        }
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

    /// A download the user asked for by name (the page menu): never asked about; with `askWhere`, the
    /// save dialog says where it goes whatever the preference.
    func download(_ uri: String, with view: WebView, askWhere: Bool) {
        send(.requested(uri: uri, askWhere: askWhere), view: view)
    }

    /// The answer to `.ask`: Save goes on as for a click; Cancel stops it, nothing written.
    func answer(id: String, save: Bool) { send(.answered(id: id, save: save)) }

    /// Watches `session`. A private window's session is its own: connected directly, gone with it.
    /// The shared session is watched once for the process; `origin` says which browser a download is for.
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

    private final class WeakDownloads {
        weak var value: Downloads?
        init(_ value: Downloads) { self.value = value }
    }

    func start(_ download: Download) {
        let id = UUID().uuidString
        running[id] = download
        download.allowsOverwrite = false
        download.onProgress { [weak self, weak download] in
            guard let self, let download else { return }
            self.send(.progress(id: id, received: download.receivedLength, expected: download.expectedLength))
        }
        download.onDecideDestination { [weak self, weak download] suggested in
            guard let self, let download else { return false }
            self.send(.destinationAsked(id: id, suggested: suggested, suggestedName: download.suggestedName,
                                        expected: download.expectedLength, origin: self.origin?(download)))
            return true
        }
        download.onFailed { [weak self] failure in
            guard let self else { return }
            Self.logger.notice("download failed: \(self.running[id]?.uri ?? "?"): \(failure.message)")
            let kind: DownloadReport.FailureKind = switch failure.kind {
            case .network: .network
            case .cancelled: .cancelled
            case .destination: .destination
            case .other: .other
            }
            self.send(.failed(id: id, kind: kind, message: failure.message))
        }
        download.onFinished { [weak self, weak download] in
            guard let self, let download else { return }
            self.send(.finished(id: id, received: download.receivedLength, expected: download.expectedLength))
            self.running[id] = nil
            self.choosers[id] = nil
        }
        Self.logger.info("download started: \(download.uri ?? "?")")
        send(.started(id: id, uri: download.uri, folder: UserFolders.downloads))
    }

    private func send(_ event: DownloadFlow.Event, view: WebView? = nil) {
        for effect in flow.handle(event, disk: DownloadFiles.disk, now: ProcessInfo.processInfo.systemUptime) {
            perform(effect, view: view)
        }
    }

    private func perform(_ effect: DownloadFlow.Effect, view: WebView?) {
        switch effect {
        case .showList(let soon):
            showList(soon: soon)
        case .tell(let notice):
            report(notice)
        case .tellWhenIdle(let notice):
            MainLoop.idle { [weak self] in self?.report(notice) }
        case let .askWhere(id, name, folder):
            let chooser = PathChooser.save(title: "Save “\(name)”", name: name, folder: folder, transientFor: panel.button)
            choosers[id] = chooser
            chooser.ask { [weak self] path in
                self?.choosers[id] = nil
                self?.send(.chosen(id: id, path: path))
            }
        case let .setDestination(id, path):
            running[id]?.setDestination(path)
        case let .cancel(id, afterSignal):
            guard let download = running[id] else { return }
            if afterSignal { MainLoop.idle { download.cancel() } } else { download.cancel() }
        case .download(let uri):
            (view ?? retryView?())?.download(uri: uri)
        case .removePartial(let path):
            DownloadFiles.removePartial(path)
        case let .journalAdd(partial, uri):
            Self.journal(adding: partial, uri: uri)
        case .journalRemove(let partial):
            Self.journal(removing: partial)
        case let .saved(path, bytes):
            Self.logger.info("downloaded \(path) (\(bytes) bytes)")
        }
    }

    /// The list changed: shown now, or (for progress, which comes with every chunk) at most every
    /// 100 ms.
    private func showList(soon: Bool) {
        if !soon { return panel.render(flow.list) }
        guard !renderScheduled else { return }
        renderScheduled = true
        MainLoop.after(milliseconds: 100) { [weak self] in
            guard let self else { return }
            self.renderScheduled = false
            self.panel.render(self.flow.list)
        }
    }

    // MARK: Downloads a process left unfinished (DownloadJournal)

    /// The journal of this process's downloads in flight; nil until first used.
    private static var journal: DownloadJournal?
    private static var recovered = false

    private static func journal(adding partial: String, uri: String?) {
        var current = journal ?? DownloadJournal()
        current.add(partialPath: partial, uri: uri)
        journal = current
        if !DownloadFiles.writeJournal(current) {
            logger.warning("the downloads journal could not be written at \(DownloadFiles.journalURL.path)")
        }
    }

    private static func journal(removing partial: String) {
        guard var current = journal else { return }
        current.remove(partialPath: partial)
        journal = current
        DownloadFiles.writeJournal(current)
    }

    /// Once a process, before its first download: the partial files of downloads that processes
    /// which have ended left unfinished (killed, crashed) are removed, listed with Retry, and told.
    /// Another Skiff still running keeps its own.
    private func recoverInterrupted() {
        guard !Self.recovered else { return }
        Self.recovered = true
        let journals = DownloadFiles.journalsOfEndedProcesses()
        let entries = journals.flatMap(\.journal.entries)
        // Gone once their partial files are: a recovery cut short is done again at the next launch.
        defer { for journal in journals { try? FileManager.default.removeItem(at: journal.file) } }
        guard !entries.isEmpty else { return }
        var left: [DownloadFlow.LeftOver] = []
        for entry in entries {
            let received = max(DownloadFiles.size(of: entry.partialPath), DownloadFiles.size(of: entry.partialPath + ".wkdownload"))
            let existed = FileManager.default.fileExists(atPath: entry.partialPath) || FileManager.default.fileExists(atPath: entry.partialPath + ".wkdownload")
            DownloadFiles.removePartial(entry.partialPath)
            Self.logger.notice("removed the unfinished download \(entry.partialPath) (\(received) bytes) left by the last run")
            guard existed else { continue }
            left.append(.init(name: entry.name, uri: entry.uri.isEmpty ? nil : entry.uri,
                              folder: DownloadFiles.display((entry.partialPath as NSString).deletingLastPathComponent), received: received))
        }
        send(.leftByLastRun(left))
    }
}
