import BrowserStore
import ContentFilters
import Foundation
import Gtk
import Logging

/// Something that shows pages and must attach the filters again when they change.
@MainActor
public protocol ContentBlockerWatcher: AnyObject {
    func contentFiltersChanged()
}

/// The process's content blocker (docs/content-blocking.md): Debian's EasyList and EasyPrivacy,
/// converted by `ContentFilters` off the main thread and compiled by WebKit into a store in the
/// cache folder once, then loaded from there on every later start until the lists change. Every
/// window's pages get the same compiled filters; which pages are spared is the window's choice.
@MainActor
public final class ContentBlocker {
    public enum Status: Equatable, Sendable {
        /// Turned off in Preferences.
        case off
        /// No list is installed (the package that brings them is named in Preferences).
        case noLists
        /// Converting and compiling (the first start, or the lists changed): pages load unfiltered.
        case preparing
        case ready
        /// What went wrong, worded for people; pages load unfiltered.
        case failed(String)
    }

    public private(set) var status: Status = .off { didSet { if status != oldValue { changed() } } }
    /// The compiled filters, once ready (several when the lists need more than one chunk).
    public private(set) var filters: [ContentFilter] = []
    /// Which lists the filters were made from and what was left out (Preferences).
    public private(set) var compiled: CompiledFilters?
    /// How long the last preparation took, from start to the filters attached (the benchmark).
    public private(set) var lastPreparation: (plan: String, seconds: Double)?

    /// Off in Preferences: no page gets filters, and none are prepared.
    public var isEnabled = false {
        didSet {
            guard isEnabled != oldValue else { return }
            if isEnabled { start() } else { status = .off }
            changed()
        }
    }

    private let folder: URL
    private let findLists: @Sendable () -> [FilterListFile]
    private var store: ContentFilterStore?
    private var watchers: [Weak] = []
    private var started = false
    private let logger = Logger(label: "skiff.browser.filters")

    /// `folder`: where WebKit's store and the record live; `lists`: the lists to block with.
    public init(folder: URL, lists: @escaping @Sendable () -> [FilterListFile]) {
        self.folder = folder
        findLists = lists
    }

    /// The one every window uses: the lists `SKIFF_FILTER_LISTS` names (colon-separated paths, for
    /// tests and people with lists of their own) or Debian's, compiled under
    /// `SKIFF_FILTER_CACHE` or `$XDG_CACHE_HOME/skiff/content-filters`.
    public static var shared: ContentBlocker = fromEnvironment(ProcessInfo.processInfo.environment)

    static func fromEnvironment(_ environment: [String: String]) -> ContentBlocker {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.cache"
        let folder = environment["SKIFF_FILTER_CACHE"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? cache + "/skiff/content-filters"
        let named = environment["SKIFF_FILTER_LISTS"].map { $0.split(separator: ":").map(String.init) }
        return ContentBlocker(folder: URL(fileURLWithPath: folder, isDirectory: true)) {
            guard let named else { return FilterLists.installed() }
            return named.compactMap { path in
                let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
                return FilterLists.describe(name: name, path: path)
            }
        }
    }

    /// The filters a page at `uri` gets: none when blocking is off or not ready, or the user allowed
    /// the page's site.
    func filters(allowedSite: Bool) -> [ContentFilter] {
        isEnabled && status == .ready && !allowedSite ? filters : []
    }

    public func watch(_ watcher: ContentBlockerWatcher) {
        watchers.removeAll { $0.object == nil }
        watchers.append(Weak(watcher))
    }

    private func changed() {
        watchers.removeAll { $0.object == nil }
        for watcher in watchers { watcher.object?.contentFiltersChanged() }
    }

    // MARK: Preparing

    /// Loads the compiled filters, or converts and compiles them when the lists changed. Once.
    private func start() {
        guard !started else {
            if !filters.isEmpty { status = .ready }
            return
        }
        started = true
        let begun = Date()
        do {
            try DataLocations.createPrivateDirectory(folder)
        } catch {
            status = .failed("the folder for compiled filters could not be made: \(error.localizedDescription)")
            return
        }
        let store = ContentFilterStore(folder: folder.path)
        self.store = store
        let lists = findLists()
        let kept = readRecord()
        switch FilterStorePlan.plan(lists: lists, kept: kept) {
        case .noLists:
            status = .noLists
        case .load(let identifiers):
            status = .preparing
            load(identifiers, from: store) { [weak self] loaded in
                guard let self else { return }
                if let loaded {
                    self.compiled = kept
                    self.ready(loaded, plan: "load", since: begun)
                } else {
                    self.convert(lists, fingerprint: FilterLists.fingerprint(of: lists), begun: begun)
                }
            }
        case .convert(let fingerprint):
            convert(lists, fingerprint: fingerprint, begun: begun)
        }
    }

    private func ready(_ loaded: [ContentFilter], plan: String, since begun: Date) {
        filters = loaded
        lastPreparation = (plan, Date().timeIntervalSince(begun))
        status = isEnabled ? .ready : .off
        // The filters changed, not only the status (a reload of the same status still needs them).
        changed()
    }

    /// Loads `identifiers` in order; nil when any is missing or damaged.
    private func load(_ identifiers: [String], from store: ContentFilterStore, into loaded: [ContentFilter] = [],
                      completion: @escaping @MainActor ([ContentFilter]?) -> Void) {
        guard let next = identifiers.first else { return completion(loaded) }
        store.load(next) { [weak self] result in
            switch result {
            case .success(let filter):
                self?.load(Array(identifiers.dropFirst()), from: store, into: loaded + [filter], completion: completion)
            case .failure(let error):
                self?.logger.notice("compiled filter \(next) could not be loaded (\(error.message)); converting again")
                completion(nil)
            }
        }
    }

    private func convert(_ lists: [FilterListFile], fingerprint: String, begun: Date) {
        status = .preparing
        Task.detached(priority: .utility) { [weak self] in
            let output = FilterConverter.convert(lists)
            await self?.compile(output, lists: lists, fingerprint: fingerprint, begun: begun)
        }
    }

    private func compile(_ output: FilterOutput, lists: [FilterListFile], fingerprint: String, begun: Date) {
        guard let store else { return }
        let record = CompiledFilters(fingerprint: fingerprint, lists: lists, report: output.report, compiled: Date())
        guard !output.chunks.isEmpty else {
            status = .failed("the lists hold no rule WebKit can use")
            compiled = record
            return
        }
        // One chunk at a time: WebKit's compiler holds a chunk's whole graph in memory.
        save(output.chunks, names: record.identifiers, to: store) { [weak self] saved, problem in
            guard let self else { return }
            guard let saved else {
                self.status = .failed("WebKit could not compile the filters: \(problem ?? "no reason given")")
                return
            }
            self.compiled = record
            self.writeRecord(record)
            self.removeStale(keeping: fingerprint, from: store)
            self.ready(saved, plan: "convert", since: begun)
        }
    }

    private func save(_ chunks: [FilterChunk], names: [String], to store: ContentFilterStore, into saved: [ContentFilter] = [],
                      completion: @escaping @MainActor ([ContentFilter]?, String?) -> Void) {
        guard let chunk = chunks.first, let name = names.first else { return completion(saved, nil) }
        store.save(chunk.json, as: name) { [weak self] result in
            switch result {
            case .success(let filter):
                self?.save(Array(chunks.dropFirst()), names: Array(names.dropFirst()), to: store, into: saved + [filter], completion: completion)
            case .failure(let error):
                completion(nil, error.message)
            }
        }
    }

    private func removeStale(keeping fingerprint: String, from store: ContentFilterStore) {
        store.identifiers { [weak self] names in
            for name in FilterStorePlan.stale(names, keeping: fingerprint) {
                store.remove(name) { problem in
                    if let problem { self?.logger.notice("old compiled filter \(name) not removed: \(problem.message)") }
                }
            }
        }
    }

    private var recordFile: URL { folder.appendingPathComponent(CompiledFilters.fileName) }

    private func readRecord() -> CompiledFilters? {
        guard let handle = try? FileHandle(forReadingFrom: recordFile) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: CompiledFilters.maximumFileBytes + 1) else { return nil }
        return CompiledFilters.decode(data)
    }

    private func writeRecord(_ record: CompiledFilters) {
        do {
            try record.encoded().write(to: recordFile, options: .atomic)
        } catch {
            logger.notice("the record of compiled filters was not written (\(error.localizedDescription)); the next start converts again")
        }
    }

    private struct Weak {
        weak var object: ContentBlockerWatcher?
        init(_ object: ContentBlockerWatcher) { self.object = object }
    }
}
