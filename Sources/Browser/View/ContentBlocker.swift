import BrowserStore
import ContentFilters
import Foundation
import Gtk
import Logging

/// What one page is given: WebKit's compiled filters, and the hiding rules Skiff applies itself.
struct PageBlocking {
    var filters: [ContentFilter]
    /// nil: nothing hidden.
    var hiding: HidingRules?

    static let none = PageBlocking(filters: [], hiding: nil)
}

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
    /// The element-hiding rules made with them, which pages get from Skiff (`PageHiding`).
    public private(set) var hiding: HidingRules = .none
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
    /// The `skiff` executable that compiles in a process of its own (FilterCompilation.swift); nil:
    /// compiled in this process.
    private var compiler: URL?
    private var store: ContentFilterStore?
    private var watchers: [Weak] = []
    private var started = false
    private let logger = Logger(label: "skiff.browser.filters")

    /// `folder`: where WebKit's store and the record live; `lists`: the lists to block with;
    /// `compiler`: the `skiff` that compiles them (nil: this process does).
    public init(folder: URL, compiler: URL? = ContentBlocker.compilerExecutable(), lists: @escaping @Sendable () -> [FilterListFile]) {
        self.folder = folder
        self.compiler = compiler
        findLists = lists
    }

    /// This process when it is `skiff`, else a `skiff` beside it (the tests' and benches' build
    /// folder); `SKIFF_FILTER_COMPILER` names another, or (empty) none.
    public nonisolated static func compilerExecutable(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let named = environment["SKIFF_FILTER_COMPILER"] { return named.isEmpty ? nil : URL(fileURLWithPath: named) }
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        if me.lastPathComponent == "skiff" { return me }
        let beside = me.deletingLastPathComponent().appendingPathComponent("skiff")
        return FileManager.default.isExecutableFile(atPath: beside.path) ? beside : nil
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

    /// What a page gets: nothing when blocking is off or not ready, or the user allowed the page's site.
    func blocking(allowedSite: Bool) -> PageBlocking {
        isEnabled && status == .ready && !allowedSite ? PageBlocking(filters: filters, hiding: hiding) : .none
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

    /// Loads the compiled filters, or has them converted and compiled when the lists changed. Once.
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
        let kept = CompiledFilters.read(in: folder)
        switch FilterStorePlan.plan(lists: lists, kept: kept) {
        case .noLists:
            status = .noLists
        case .load(let identifiers):
            status = .preparing
            // Read beside WebKit's loading of the chunks, off the main thread (about 60 ms for EasyList
            // and EasyPrivacy): the filters are ready without waiting for it, and pages get their
            // hiding once it is read.
            let hidingRead = Self.readHiding(in: folder, fingerprint: kept?.fingerprint ?? "")
            load(identifiers, from: store) { [weak self] loaded in
                guard let self else { return }
                if let loaded {
                    self.compiled = kept
                    self.ready(loaded, hiding: .none, plan: "load", since: begun)
                    self.takeHiding(hidingRead)
                } else {
                    self.compile(lists, fingerprint: FilterLists.fingerprint(of: lists), store: store, begun: begun)
                }
            }
        case .convert(let fingerprint):
            status = .preparing
            compile(lists, fingerprint: fingerprint, store: store, begun: begun)
        }
    }

    private func compile(_ lists: [FilterListFile], fingerprint: String, store: ContentFilterStore, begun: Date) {
        guard let compiler else {
            FilterCompilation.run(lists: lists, fingerprint: fingerprint, folder: folder, store: store) { [weak self] filters, problem in
                guard let self else { return }
                guard let filters else { return self.fail(problem) }
                self.compiled = CompiledFilters.read(in: self.folder)
                self.readyAfterCompile(filters, fingerprint: fingerprint, plan: "compile here", since: begun)
            }
            return
        }
        let process = Process()
        process.executableURL = compiler
        process.arguments = [FilterCompilation.helperOption, folder.path] + lists.flatMap { [FilterCompilation.listOption, "\($0.name)=\($0.path)"] }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.terminationHandler = { [weak self] ended in
            let status = ended.terminationStatus
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile().suffix(2_000), as: UTF8.self)
            Task { @MainActor in self?.helperEnded(status: status, said: said, fingerprint: fingerprint, store: store, begun: begun) }
        }
        do {
            try process.run()
        } catch {
            logger.notice("the filter compiler \(compiler.path) could not start (\(error.localizedDescription)); compiling here")
            self.compiler = nil
            compile(lists, fingerprint: fingerprint, store: store, begun: begun)
        }
    }

    private func helperEnded(status: Int32, said: String, fingerprint: String, store: ContentFilterStore, begun: Date) {
        guard status == 0 else {
            let line = said.split(separator: "\n").last.map(String.init) ?? "it ended with status \(status)"
            return fail(line.hasPrefix("skiff: ") ? String(line.dropFirst(7)) : line)
        }
        guard let kept = CompiledFilters.read(in: folder), kept.fingerprint == fingerprint else {
            return fail("the lists changed while they were being compiled; they are compiled again on the next start")
        }
        load(kept.identifiers, from: store) { [weak self] loaded in
            guard let self else { return }
            guard let loaded else { return self.fail("the compiled filters could not be loaded") }
            self.compiled = kept
            self.readyAfterCompile(loaded, fingerprint: fingerprint, plan: "compile in helper", since: begun)
        }
    }

    private func fail(_ problem: String?) {
        let text = problem ?? "no reason given"
        logger.warning("content filters not ready: \(text)")
        status = .failed(text)
    }

    private nonisolated static func readHiding(in folder: URL, fingerprint: String) -> Task<HidingRules?, Never> {
        Task.detached(priority: .userInitiated) { HidingRules.read(in: folder, fingerprint: fingerprint) }
    }

    /// The hiding rules read after the filters were ready. Missing or damaged: nothing is hidden this
    /// time, and the record goes so the next start compiles again.
    private func takeHiding(_ read: Task<HidingRules?, Never>) {
        Task { @MainActor [weak self] in
            let hiding = await read.value
            guard let self else { return }
            guard let hiding else {
                logger.warning("the hiding rules beside the compiled filters could not be read; nothing is hidden until the next start compiles them again")
                try? FileManager.default.removeItem(at: folder.appendingPathComponent(CompiledFilters.fileName))
                return
            }
            self.hiding = hiding
            changed()
        }
    }

    private func readyAfterCompile(_ loaded: [ContentFilter], fingerprint: String, plan: String, since begun: Date) {
        let hidingRead = Self.readHiding(in: folder, fingerprint: fingerprint)
        Task { @MainActor [weak self] in
            let hiding = await hidingRead.value
            guard let self else { return }
            guard let hiding else { return self.fail("the hiding rules made with the filters could not be read") }
            self.ready(loaded, hiding: hiding, plan: plan, since: begun)
        }
    }

    private func ready(_ loaded: [ContentFilter], hiding: HidingRules, plan: String, since begun: Date) {
        filters = loaded
        self.hiding = hiding
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
                self?.logger.notice("compiled filter \(next) could not be loaded (\(error.message)); compiling again")
                completion(nil)
            }
        }
    }

    private struct Weak {
        weak var object: ContentBlockerWatcher?
        init(_ object: ContentBlockerWatcher) { self.object = object }
    }
}
