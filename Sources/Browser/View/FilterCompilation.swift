import BrowserStore
import ContentFilters
import Foundation
import Gtk
import Logging

/// A first start's work (docs/content-blocking.md, "Compiled once"): the lists converted on a detached
/// task, then each chunk compiled by WebKit into the store, the record written and older chunks
/// removed. WebKit parses a chunk's JSON on the thread that hands it over (half a second for
/// EasyList and EasyPrivacy) and holds the compile's graph in that process (about 370 MB), so the app
/// runs this in a process of its own, `skiff --compile-content-filters`, and only loads the result.
@MainActor
public enum FilterCompilation {
    /// `filters`: the compiled chunks, nil when it failed, with `problem` worded for people.
    typealias Done = @MainActor (_ filters: [ContentFilter]?, _ problem: String?) -> Void

    static func run(lists: [FilterListFile], fingerprint: String, folder: URL, store: ContentFilterStore, completion: @escaping Done) {
        Task.detached(priority: .utility) {
            let output = FilterConverter.convert(lists)
            await compile(output, lists: lists, fingerprint: fingerprint, folder: folder, store: store, completion: completion)
        }
    }

    private static func compile(_ output: FilterOutput, lists: [FilterListFile], fingerprint: String, folder: URL,
                                store: ContentFilterStore, completion: @escaping Done) {
        let record = CompiledFilters(fingerprint: fingerprint, lists: lists, report: output.report, compiled: Date())
        guard !output.chunks.isEmpty else { return completion(nil, "the lists hold no rule WebKit can use") }
        // One chunk at a time: WebKit's compiler holds a chunk's whole graph in memory.
        save(output.chunks, names: record.identifiers, to: store) { saved, problem in
            guard let saved else { return completion(nil, "WebKit could not compile the filters: \(problem ?? "no reason given")") }
            do {
                // The hiding rules first: the record is what a later start trusts, so it goes last.
                try output.hiding.write(in: folder, fingerprint: fingerprint)
                try record.write(in: folder)
            } catch {
                Logger(label: "skiff.browser.filters").notice("the record of compiled filters was not written (\(error.localizedDescription)); the next start compiles again")
            }
            // Done once the older chunks are gone too: the helper exits then, and a later start finds one list.
            removeStale(keeping: fingerprint, from: store) { completion(saved, nil) }
        }
    }

    private static func save(_ chunks: [FilterChunk], names: [String], to store: ContentFilterStore, into saved: [ContentFilter] = [],
                             completion: @escaping @MainActor ([ContentFilter]?, String?) -> Void) {
        guard let chunk = chunks.first, let name = names.first else { return completion(saved, nil) }
        store.save(chunk.json, as: name) { result in
            switch result {
            case .success(let filter):
                save(Array(chunks.dropFirst()), names: Array(names.dropFirst()), to: store, into: saved + [filter], completion: completion)
            case .failure(let error):
                completion(nil, error.message)
            }
        }
    }

    private static func removeStale(keeping fingerprint: String, from store: ContentFilterStore, done: @escaping @MainActor () -> Void) {
        store.identifiers { names in
            let stale = FilterStorePlan.stale(names, keeping: fingerprint)
            guard !stale.isEmpty else { return done() }
            var left = stale.count
            for name in stale {
                store.remove(name) { problem in
                    if let problem { Logger(label: "skiff.browser.filters").notice("old compiled filter \(name) not removed: \(problem.message)") }
                    left -= 1
                    if left == 0 { done() }
                }
            }
        }
    }

    // MARK: The helper process

    /// The option the app runs its helper with: `skiff --compile-content-filters FOLDER --filter-list NAME=PATH …`.
    public static let helperOption = "--compile-content-filters"
    public static let listOption = "--filter-list"
    /// A compile that takes longer than this (EasyList and EasyPrivacy take about 8 s) has gone wrong.
    static let helperTimeout: TimeInterval = 600

    /// The helper's whole life: compiles `lists` (`NAME=PATH` each) into `folder` and returns the exit
    /// status; what went wrong is on standard error.
    public static func runAsHelper(folder: String, lists: [String]) -> Int32 {
        let files = lists.compactMap { argument -> FilterListFile? in
            guard let equals = argument.firstIndex(of: "=") else { return nil }
            return FilterLists.describe(name: String(argument[..<equals]), path: String(argument[argument.index(after: equals)...]))
        }
        guard !files.isEmpty else {
            FileHandle.standardError.write(Data("skiff: no readable filter list was given\n".utf8))
            return 2
        }
        let directory = URL(fileURLWithPath: folder, isDirectory: true)
        do { try DataLocations.createPrivateDirectory(directory) } catch {
            FileHandle.standardError.write(Data("skiff: \(folder) could not be made: \(error.localizedDescription)\n".utf8))
            return 1
        }
        // The conversion's result comes back to the main actor through the GLib loop.
        MainLoop.installDispatchBridge()
        var status: Int32?
        let store = ContentFilterStore(folder: directory.path)
        run(lists: files, fingerprint: FilterLists.fingerprint(of: files), folder: directory, store: store) { filters, problem in
            if let problem { FileHandle.standardError.write(Data("skiff: \(problem)\n".utf8)) }
            status = filters == nil ? 1 : 0
        }
        MainLoop.run(until: { status != nil }, timeout: helperTimeout)
        return status ?? 1
    }
}
