import Foundation
import Gtk
import HomeModel
import JSONReader
import Logging

/// The transaction history, pushed on the Home tab from the header's History button.
///
/// The page only performs what `HistoryLoad` decides: it reads the cache, fetches (libsoup, on
/// the main loop, never blocking it), parses and groups on a background thread, writes the cache,
/// and shows the model's `screen`. F5 and Ctrl+R refresh; every failure has Try Again.
@MainActor
public final class HistoryPage: HomePage {
    public var root: Widget { box }
    public let title = "History"

    private let box = Box(.vertical, spacing: 0)
    private let source: HistorySource
    private let settings: HistorySettings
    private var load: HistoryLoad
    private let http = HTTPSession(userAgent: "Skiff/0.1 (history)")
    private var transfer: HTTPTransfer?
    private let stack = Stack()
    private let status = HistoryStatusView()
    private let list = HistoryListView()
    private let bar = Box(.horizontal, spacing: 8)
    private let updatedLabel = Label()
    private let refreshButton = Button(iconName: "view-refresh-symbolic", accessibleLabel: "Refresh history")
    private let notice = Box(.vertical, spacing: 6)
    private let noticeLabel = Label()
    private let noticeRetry = Button(label: "Try Again")
    private var cacheProblem: String?
    private var shownSnapshot: HistorySnapshot?
    private let logger = Logger(label: "skiff.home.history")

    /// - Parameters:
    ///   - source: a server (`--rewards-url`) or the bundled sample file.
    ///   - settings: timeout, cache folder (nil: nothing written, as in private windows), time zone.
    public init(source: HistorySource, settings: HistorySettings = HistorySettings()) {
        self.source = source
        self.settings = settings
        let cacheable: Bool
        if case .server = source { cacheable = settings.cacheDirectory != nil } else { cacheable = false }
        load = HistoryLoad(usesCache: cacheable)
        build()
        send(.opened)
        tickUpdatedText()
    }

    private func build() {
        box.addCSSClass("history")
        box.hexpand = true
        box.vexpand = true

        bar.addCSSClass("history-bar")
        updatedLabel.addCSSClass("dim-label")
        updatedLabel.setXAlign(0)
        updatedLabel.hexpand = true
        updatedLabel.ellipsizeEnd()
        refreshButton.hasFrame = false
        refreshButton.onClicked { [weak self] in self?.refresh() }
        bar.append(updatedLabel)
        bar.append(refreshButton)

        notice.addCSSClass("history-notice")
        noticeLabel.wraps = true
        noticeLabel.selectable = true
        noticeLabel.setXAlign(0)
        noticeRetry.halign = .start
        noticeRetry.setAccessibleLabel("Try Again")
        noticeRetry.onClicked { [weak self] in self?.refresh() }
        notice.append(noticeLabel)
        notice.append(noticeRetry)
        notice.isVisible = false

        status.onRetry = { [weak self] in self?.refresh() }
        stack.hexpand = true
        stack.vexpand = true
        stack.addTitled(status.root, name: "status", title: "Status")
        stack.addTitled(list.root, name: "list", title: "Transactions")

        box.append(bar)
        box.append(notice)
        box.append(stack)

        let shortcuts = ShortcutController()
        shortcuts.add("F5") { [weak self] in self?.refresh(); return true }
        shortcuts.add("<Control>r") { [weak self] in self?.refresh(); return true }
        box.addController(shortcuts)
    }

    /// F5, Ctrl+R, Try Again, the refresh button. Ignored while a fetch is under way.
    public func refresh() { send(.refreshRequested) }

    /// Where the keyboard should start when the page is shown: Try Again on a failure, else the list.
    public func focusDefault() {
        switch load.screen {
        case .failed, .empty: status.focusDefault()
        case .list: list.focusCurrent()
        case .loading: refreshButton.grabFocus()
        }
    }

    // MARK: The state machine's effects

    private func send(_ event: HistoryLoad.Event) {
        let effects = load.handle(event)
        for effect in effects { perform(effect) }
        render()
    }

    private func perform(_ effect: HistoryLoad.Effect) {
        switch effect {
        case .readCache: readCache()
        case let .fetch(request): fetch(request)
        case let .parse(request, data, receivedAt): parse(request, data: data, receivedAt: receivedAt)
        case let .writeCache(data, fetchedAt): writeCache(data, fetchedAt: fetchedAt)
        }
    }

    private var cacheFile: URL? {
        guard case let .server(address) = source, let directory = settings.cacheDirectory else { return nil }
        return directory.appendingPathComponent(HistoryCache.fileName(for: address))
    }

    private func fetch(_ request: Int) {
        switch source {
        case let .server(address):
            transfer = http.get(address, timeout: settings.timeout, maximumBytes: HistoryParser.maximumResponseBytes) { [weak self] result in
                guard let self else { return }
                self.transfer = nil
                switch result {
                case let .success(data): self.send(.received(request: request, data: data, at: Date()))
                case let .failure(failure):
                    if let why = Self.failure(failure) { self.send(.failed(request: request, why)) }
                }
            }
        case let .file(url):
            // The same loader as a server: read off the main thread, parse off the main thread.
            Task.detached(priority: .userInitiated) { [weak self] in
                let outcome = DataFile.read(url, maximumSize: HistoryParser.maximumResponseBytes)
                await self?.fileRead(outcome, request: request)
            }
        }
    }

    private func fileRead(_ outcome: Result<Data, DataFile.Failure>, request: Int) {
        switch outcome {
        case let .success(data): send(.received(request: request, data: data, at: Date()))
        case .failure(.tooLarge): send(.failed(request: request, .tooLarge(limit: HistoryParser.maximumResponseBytes)))
        case let .failure(failure): send(.failed(request: request, .unreadable(reason: "\(source.name): \(failure)")))
        }
    }

    static func failure(_ failure: HTTPFailure) -> HistoryFailure? {
        switch failure {
        case let .invalidAddress(address): .unreachable(reason: "\(address) is not an http or https address")
        case let .unreachable(reason): .unreachable(reason: reason)
        case let .timedOut(seconds): .timedOut(seconds: seconds)
        case let .status(code, reason): .httpStatus(code: code, reason: reason)
        case let .tooLarge(limit): .tooLarge(limit: limit)
        case let .tls(problem): .unreachable(reason: "TLS: \(problem)")
        case let .notHTTPS(host): .unreachable(reason: "the server at \(host) does not speak HTTPS")
        case .tooManyRedirects, .redirectLoop: .unreachable(reason: "\(failure)")
        case let .redirectInward(address, reach): .unreachable(reason: "it redirected to \(address), on \(reach.words), further inside the network")
        case .cancelled: nil
        }
    }

    private func parse(_ request: Int, data: Data, receivedAt: Date) {
        let name = source.name, zone = settings.timeZone
        Task.detached(priority: .userInitiated) { [weak self] in
            let result = HistorySnapshot.make(from: data, source: name, fetchedAt: receivedAt, fromCache: false, timeZone: zone)
            await self?.send(.parsed(request: request, result, data: data))
        }
    }

    private func readCache() {
        guard let file = cacheFile else { return send(.cacheRead(nil)) }
        let name = source.name, zone = settings.timeZone
        Task.detached(priority: .userInitiated) { [weak self] in
            var snapshot: HistorySnapshot?
            if case let .success(data) = DataFile.read(file, maximumSize: HistoryParser.maximumResponseBytes) {
                let modified = (try? FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date) ?? nil
                snapshot = try? HistorySnapshot.make(from: data, source: name, fetchedAt: modified ?? Date(), fromCache: true, timeZone: zone).get()
            }
            await self?.send(.cacheRead(snapshot))
        }
    }

    private func writeCache(_ data: Data, fetchedAt: Date) {
        guard let file = cacheFile else { return }
        Task.detached(priority: .utility) { [weak self] in
            var problem: String?
            do {
                try HistoryPage.makeDirectory(file.deletingLastPathComponent())
                try data.write(to: file, options: .atomic)
                try FileManager.default.setAttributes([.modificationDate: fetchedAt], ofItemAtPath: file.path)
            } catch {
                problem = "not saved for offline use (\(file.deletingLastPathComponent().path): \(HistoryPage.reason(error)))"
            }
            await self?.cacheWritten(problem)
        }
    }

    /// Creates `directory` and its parents (0700: the cache is the user's). POSIX calls, so a
    /// failure says why ("Not a directory", "Permission denied"); Foundation on Linux does not.
    nonisolated static func makeDirectory(_ directory: URL) throws {
        var path = ""
        for component in directory.standardizedFileURL.pathComponents.dropFirst() {
            path += "/" + component
            if mkdir(path, 0o700) != 0 && errno != EEXIST {
                throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno))
            }
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno)) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw NSError(domain: NSPOSIXErrorDomain, code: Int(ENOTDIR)) }
    }

    /// "Not a directory" rather than Foundation's "The operation could not be completed".
    nonisolated static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        return ns.localizedDescription
    }

    private func cacheWritten(_ problem: String?) {
        cacheProblem = problem
        if let problem { logger.warning("history cache: \(problem)") }
        render()
    }

    // MARK: Showing the screen

    private func render() {
        let screen = load.screen
        var snapshot: HistorySnapshot?
        var refreshing = false
        var problem: HistoryFailure?
        switch screen {
        case .loading:
            status.showLoading()
            stack.visibleChildName = "status"
        case let .failed(failure):
            status.show(iconName: Self.icon(failure), title: failure.title, text: failure.message)
            stack.visibleChildName = "status"
        case let .empty(s, r, p):
            (snapshot, refreshing, problem) = (s, r, p)
            status.show(iconName: "starred-symbolic", title: "No transactions yet",
                        text: "Stars you earn and redeem will be listed here, month by month.")
            stack.visibleChildName = "status"
        case let .list(s, r, p):
            (snapshot, refreshing, problem) = (s, r, p)
            if s != shownSnapshot { list.show(s.months, timeZone: settings.timeZone, now: Date()) }
            stack.visibleChildName = "list"
        }
        shownSnapshot = snapshot
        refreshButton.isSensitive = !load.isBusy
        updatedLabel.text = updatedText(snapshot: snapshot, refreshing: refreshing)

        var lines: [String] = []
        if let problem { lines.append("Couldn’t refresh: \(problem.title). \(problem.message)") }
        lines += snapshot?.leftOutNotice ?? []
        noticeLabel.text = lines.joined(separator: "\n")
        notice.isVisible = !lines.isEmpty
        noticeRetry.isVisible = problem != nil
        if problem != nil { notice.addCSSClass("error") } else { notice.removeCSSClass("error") }
    }

    private func updatedText(snapshot: HistorySnapshot?, refreshing: Bool) -> String {
        var parts: [String] = []
        if case let .file(url) = source, snapshot != nil {
            // A file is not a server: say where the rows come from rather than when they were "updated".
            parts.append("From \(url.lastPathComponent)")
        } else if let snapshot {
            parts.append(HistoryText.updated(snapshot.fetchedAt, now: Date(), timeZone: settings.timeZone).capitalizedFirst)
        }
        if refreshing { parts.append("Refreshing…") }
        if let cacheProblem, snapshot != nil { parts.append(cacheProblem.capitalizedFirst) }
        return parts.joined(separator: " · ")
    }

    /// "updated 5 minutes ago" goes stale as the page stays open: re-read it every 30 s.
    private func tickUpdatedText() {
        MainLoop.after(milliseconds: 30_000) { [weak self] in
            guard let self else { return }
            self.updatedLabel.text = self.updatedText(snapshot: self.shownSnapshot, refreshing: self.load.isBusy)
            self.tickUpdatedText()
        }
    }

    static func icon(_ failure: HistoryFailure) -> String {
        switch failure {
        case .unreachable, .timedOut: "network-offline-symbolic"
        case .httpStatus: "network-error-symbolic"
        case .tooLarge, .malformed, .unreadable: "dialog-warning-symbolic"
        }
    }

    // MARK: What tests, the benchmark and the shell read

    /// "loading", "failed", "empty" or "list".
    public var screenName: String {
        switch load.screen {
        case .loading: "loading"
        case .failed: "failed"
        case .empty: "empty"
        case .list: "list"
        }
    }
    /// The status page's heading and sentence as its labels show them.
    public var statusHeading: String { status.heading.text }
    public var statusMessage: String { status.message.text }
    public var statusHeadingRole: AccessibleRole? { status.heading.reportedAccessibleRole }
    /// The status page's Try Again button, when it is shown.
    public var statusRetryButton: Button? { status.retry.isVisible ? status.retry : nil }
    /// The notice over the list (a failed refresh, rows left out), when it is shown.
    public var noticeText: String? { notice.isVisible ? noticeLabel.text : nil }
    public var noticeRetryButton: Button? { notice.isVisible && noticeRetry.isVisible ? noticeRetry : nil }
    /// "Updated 5 minutes ago · Refreshing…"
    public var updatedLine: String { updatedLabel.text }
    public var isBusy: Bool { load.isBusy }
    public var listWidget: Canvas { list.container }
    /// The refresh button in the bar over the list.
    public var refreshControl: Button { refreshButton }
    /// The line widgets on screen, top to bottom.
    public var shownLineWidgets: [(box: Box, title: Label, detail: Label)] { list.shownLines.map { ($0.box, $0.title, $0.detail) } }
    public var lineWidgetCount: Int { list.widgetCount }
    /// Lines given a widget: those on screen plus a little overscan.
    public var placedLineCount: Int { list.placedCount }
    public var contentHeight: Double { list.contentHeight }
    public var scrollOffset: Double { list.offset }
    public func scroll(to offset: Double) { list.setOffset(offset) }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

/// The list scrolled as its scrollbar moves it.
extension HistoryPage: Instrumented {
    public func perform(_ gesture: ScriptedGesture) {
        if case .scrolled(let offset) = gesture { scroll(to: offset) }
    }
}
