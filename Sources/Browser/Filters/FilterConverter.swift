import Foundation

/// Converts Adblock Plus filter lists into WebKit content-blocker JSON and Skiff's hiding rules, a
/// list at a time, then `finish()` writes the chunks. Pure and `Sendable`: made and run on any
/// thread, it touches nothing but the files it is given.
///
/// Rules are kept in three groups and written in this order in every chunk, because WebKit's
/// `ignore-previous-rules` lifts only the rules before it in the same compiled filter:
/// 1. blocks;
/// 2. address exceptions (`@@`), after the blocks they lift;
/// 3. page exceptions (`@@||site^$document`), last, lifting everything on the site's pages.
/// When the rules need several chunks, every chunk repeats groups 2 and 3 (bounded by
/// `FilterLimits.maximumExceptions`). Element hiding (`##`) goes to `HidingRules`, which pages get
/// from Skiff, not from WebKit's content blocker; page exceptions lift it there too.
public struct FilterConverter: Sendable {
    /// Bumped whenever the same lists would convert to different JSON, so a caller's compiled
    /// filters made by an older converter are made again (it is part of `FilterLists.fingerprint`).
    public static let formatVersion = 3

    public let limits: FilterLimits
    private(set) var reports: [ListReport] = []
    private var blocks: [StoredRule] = []
    private var exceptions: [StoredRule] = []
    private var hides: [StoredRule] = []
    private var pageExceptions: [StoredRule] = []
    private var hideExceptions: [HideException] = []
    private var seen = Set<ContentRule>()

    public init(limits: FilterLimits = .standard) {
        self.limits = limits
    }

    /// Reads and converts the list file at `path`. A file that cannot be read is reported
    /// (`ListReport.failure`), never thrown: the other lists still convert.
    public mutating func addList(named name: String, path: String) {
        let index = startList(named: name)
        var preprocessor = Preprocessor()
        let result = LineReader.forEachLine(path: path, maximumBytes: limits.maximumListBytes,
                                            maximumLineBytes: limits.maximumLineBytes) { line in
            handle(line, list: index, preprocessor: &preprocessor)
        }
        switch result {
        case let .success(notRead): reports[index].bytesNotRead = notRead
        case let .failure(failure): reports[index].failure = failure.description
        }
    }

    /// Converts a list held in memory (tests, or a list from elsewhere), with the same limits.
    public mutating func addList(named name: String, text: String) {
        let index = startList(named: name)
        var preprocessor = Preprocessor()
        let maximumBytes = limits.maximumListBytes
        if text.utf8.count > maximumBytes {
            // Cut at the last newline inside the limit, as a file read stops there.
            let bytes = Array(text.utf8.prefix(maximumBytes))
            let end = bytes.lastIndex(of: 0x0A) ?? 0
            reports[index].bytesNotRead = text.utf8.count - end
            bytes[..<end].withUnsafeBufferPointer { buffer in
                var splitter = LineSplitter(maximumLineBytes: limits.maximumLineBytes)
                splitter.feed(buffer) { handle($0, list: index, preprocessor: &preprocessor) }
                splitter.finish { handle($0, list: index, preprocessor: &preprocessor) }
            }
            return
        }
        LineReader.forEachLine(text: text, maximumLineBytes: limits.maximumLineBytes) { line in
            handle(line, list: index, preprocessor: &preprocessor)
        }
    }

    /// The chunks, the hiding rules and the report. The converter can still take lists afterwards.
    public func finish() -> FilterOutput {
        var reports = self.reports
        let hides = CosmeticExceptions.apply(hideExceptions, to: self.hides, reports: &reports,
                                             examplesPerReason: limits.examplesPerReason)
        let chunks = FilterChunking.chunks(blocks: blocks, exceptions: exceptions, pageExceptions: pageExceptions,
                                           rulesPerChunk: limits.rulesPerChunk)
        var written = 0
        for group in [blocks, exceptions, hides, pageExceptions] {
            for stored in group { reports[stored.list].rulesWritten += 1 }
            written += group.count
        }
        if chunks.isEmpty {
            for index in reports.indices { reports[index].rulesWritten = 0 }
            written = 0
        }
        let hiding = chunks.isEmpty ? HidingRules.none
            : HidingRules(hides: hides.map(\.rule), pageExceptions: pageExceptions.map(\.rule))
        return FilterOutput(chunks: chunks, hiding: hiding,
                            report: FilterReport(lists: reports, rulesWritten: written, chunkCount: chunks.count))
    }

    /// Converts the lists `FilterLists.installed()` found, in one call.
    public static func convert(_ lists: [FilterListFile], limits: FilterLimits = .standard) -> FilterOutput {
        var converter = FilterConverter(limits: limits)
        for list in lists { converter.addList(named: list.name, path: list.path) }
        return converter.finish()
    }

    // MARK: - Lines

    private mutating func startList(named name: String) -> Int {
        reports.append(ListReport(name: name))
        return reports.count - 1
    }

    private var storedRuleCount: Int { blocks.count + exceptions.count + hides.count + pageExceptions.count }

    private mutating func handle(_ line: LineReader.Line, list: Int, preprocessor: inout Preprocessor) {
        reports[list].linesRead += 1
        switch line {
        case let .tooLong(prefix):
            skip(.tooLong, String(decoding: prefix, as: UTF8.self) + "…", list: list)
        case let .bytes(bytes):
            // Past the rule limit only the first byte is looked at, so a list of a million filters
            // costs a scan, not a million parses.
            if storedRuleCount >= limits.maximumRules && preprocessor.isActive {
                if let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 }), first != 0x21 {
                    reports[list].pastRuleLimit += 1
                } else {
                    reports[list].linesIgnored += 1
                }
                return
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                skip(.notUTF8, String(decoding: bytes.prefix(LineReader.examplePrefix), as: UTF8.self), list: list)
                return
            }
            handle(text[...].trimmingSpaces(), list: list, preprocessor: &preprocessor)
        }
    }

    private mutating func handle(_ line: Substring, list: Int, preprocessor: inout Preprocessor) {
        if line.isEmpty {
            reports[list].linesIgnored += 1
            return
        }
        if line.hasPrefix("!") {
            _ = preprocessor.handle(line)
            reports[list].linesIgnored += 1
            return
        }
        guard preprocessor.isActive else { return skip(.preprocessorExcluded, line, list: list) }
        if line.hasPrefix("[") && line.hasSuffix("]") {
            reports[list].linesIgnored += 1
            return
        }
        if line.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return skip(.malformed, line, list: list)
        }
        if line.containsBytes("$$") || line.containsBytes("$@$") { return skip(.htmlFilter, line, list: list) }

        switch CosmeticFilter.parse(line) {
        case let .hide(selector, domains, narrowed):
            var rule = ContentRule(urlFilter: ".*", action: .cssDisplayNone(selector: selector))
            switch domains {
            case .any: break
            case let .only(names): rule.ifDomain = names
            case let .except(names): rule.unlessDomain = names
            }
            store([rule], in: \.hides, line: line, list: list, narrowed: narrowed)
        case let .exception(selector, domains):
            hideExceptions.append(HideException(selector: selector, domains: domains.map { String($0.dropFirst()) },
                                                line: String(line), list: list))
        case let .skipped(reason):
            skip(reason, line, list: list)
        case .notCosmetic:
            switch NetworkFilter.parse(line) {
            case let .rules(rules, .block, narrowed):
                store(rules, in: \.blocks, line: line, list: list, narrowed: narrowed)
            case let .rules(rules, .exception, narrowed):
                store(rules, in: \.exceptions, line: line, list: list, narrowed: narrowed)
            case let .rules(rules, .pageException, narrowed):
                store(rules, in: \.pageExceptions, line: line, list: list, narrowed: narrowed)
            case let .skipped(reason): skip(reason, line, list: list)
            }
        }
    }

    private mutating func store(_ rules: [ContentRule], in group: WritableKeyPath<FilterConverter, [StoredRule]>,
                                line: Substring, list: Int, narrowed: Bool) {
        let fresh = rules.filter { !seen.contains($0) }
        guard !fresh.isEmpty else { return skip(.duplicate, line, list: list) }
        let isException = group == \.exceptions || group == \.pageExceptions
        let exceptionRoom = limits.maximumExceptions - exceptions.count - pageExceptions.count
        guard storedRuleCount + fresh.count <= limits.maximumRules,
              !isException || fresh.count <= exceptionRoom else {
            reports[list].pastRuleLimit += 1
            return
        }
        for rule in fresh {
            seen.insert(rule)
            self[keyPath: group].append(StoredRule(rule: rule, list: list))
        }
        reports[list].filtersConverted += 1
        if narrowed {
            reports[list].filtersNarrowed.count += 1
            if reports[list].filtersNarrowed.examples.count < limits.examplesPerReason {
                reports[list].filtersNarrowed.examples.append(String(line.prefix(200)))
            }
        }
    }

    private mutating func skip(_ reason: SkipReason, _ line: some StringProtocol, list: Int) {
        var lines = reports[list].skipped[reason, default: SkippedLines()]
        lines.count += 1
        if lines.examples.count < limits.examplesPerReason { lines.examples.append(String(line.prefix(200))) }
        reports[list].skipped[reason] = lines
    }
}

/// What `FilterConverter.finish()` makes.
public struct FilterOutput: Sendable {
    /// WebKit content-blocker JSON, each at most `FilterLimits.rulesPerChunk` rules: one compiled
    /// filter each (`webkit_user_content_filter_store_save`), all of them added to the page.
    public let chunks: [FilterChunk]
    /// Element hiding, which Skiff gives each page itself (`HidingRules`); none when there is no chunk.
    public let hiding: HidingRules
    public let report: FilterReport
}

/// One compiled filter's worth of rules.
public struct FilterChunk: Sendable, Equatable {
    public let ruleCount: Int
    /// A JSON array of rules, UTF-8.
    public let json: Data
}

/// A rule and the list it came from (for the report's per-list counts).
struct StoredRule: Sendable {
    var rule: ContentRule
    let list: Int
}

/// A `#@#` filter, applied to the hiding rules when the chunks are written (it may come before or
/// after the rules it lifts, and from another list).
struct HideException: Sendable {
    let selector: String
    /// Domains without the `*` (every site when empty).
    let domains: [String]
    let line: String
    let list: Int
}
