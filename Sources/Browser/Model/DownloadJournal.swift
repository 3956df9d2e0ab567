/// The downloads in flight, kept in a file that outlives the process (docs/downloads.md, "When Skiff
/// stops mid-download"): a partial file is listed from the moment WebKit is told to write it until
/// it is renamed whole or removed. A process that ends any other way — killed, crashed, the power
/// cut — leaves its entries, and the next launch removes those partial files and offers each
/// download again, instead of leaving `name.part` and WebKit's `name.part.wkdownload` in the
/// Downloads folder without a word.
///
/// The file is one entry per line, `partial path` TAB `address`. It is read with limits: what is
/// not such a line is skipped, and only a partial file (`*.part`, an absolute path) is ever named for
/// removal, so a damaged or planted journal can remove nothing else.
public struct DownloadJournal: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        /// Where WebKit writes: an absolute path ending in ".part".
        public let partialPath: String
        /// The address, for Retry; empty when unknown.
        public let uri: String
        public init(partialPath: String, uri: String) { (self.partialPath, self.uri) = (partialPath, uri) }

        /// The name the file would have had whole ("big.bin" for ".../big.bin.part").
        public var name: String {
            let file = partialPath.split(separator: "/").last.map(String.init) ?? partialPath
            return file.hasSuffix(DownloadNaming.partialSuffix) ? String(file.dropLast(DownloadNaming.partialSuffix.count)) : file
        }
    }

    /// More downloads than anyone runs at once; a longer file is not Skiff's.
    public static let maximumEntries = 256
    /// Read at most this much of the file.
    public static let maximumBytes = 1 << 20
    /// Linux's PATH_MAX: a longer line is not a path.
    static let maximumLine = 4096 * 2

    public private(set) var entries: [Entry] = []

    public init(entries: [Entry] = []) { self.entries = entries }

    /// The file's text, read leniently: lines that are not entries are skipped.
    public init(text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).prefix(Self.maximumEntries * 2) where line.utf8.count <= Self.maximumLine {
            let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(fields[0])
            guard path.hasPrefix("/"), path.hasSuffix(DownloadNaming.partialSuffix), !path.split(separator: "/").contains(".."),
                  !entries.contains(where: { $0.partialPath == path }) else { continue }
            let uri = fields.count > 1 ? String(fields[1]) : ""
            entries.append(Entry(partialPath: path, uri: uri.hasPrefix("http://") || uri.hasPrefix("https://") ? uri : ""))
            if entries.count == Self.maximumEntries { break }
        }
    }

    public var text: String { entries.map { "\($0.partialPath)\t\($0.uri)\n" }.joined() }

    public mutating func add(partialPath: String, uri: String?) {
        remove(partialPath: partialPath)
        // Tabs and newlines would break the line format; an address never needs them.
        let clean = (uri ?? "").filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        entries.append(Entry(partialPath: partialPath, uri: clean))
        if entries.count > Self.maximumEntries { entries.removeFirst(entries.count - Self.maximumEntries) }
    }

    public mutating func remove(partialPath: String) {
        entries.removeAll { $0.partialPath == partialPath }
    }

    /// The process a journal file belongs to: each process keeps its own file, named for it, so that
    /// one process's recovery never takes the downloads another running Skiff has in flight (a test
    /// suite beside the user's Skiff, a second instance). A process is its PID and its start time
    /// (`/proc/PID/stat`'s field 22, in clock ticks since boot), since a PID is given again later.
    public struct Owner: Equatable, Sendable {
        public let pid: Int32
        public let start: UInt64
        public init(pid: Int32, start: UInt64) { (self.pid, self.start) = (pid, start) }

        static let prefix = "in-flight-"
        public var fileName: String { "\(Self.prefix)\(pid)-\(start)" }

        /// The owner a journal file's name gives, nil for a name that is not a journal's.
        public init?(fileName: String) {
            guard fileName.hasPrefix(Self.prefix) else { return nil }
            let fields = fileName.dropFirst(Self.prefix.count).split(separator: "-", omittingEmptySubsequences: false)
            guard fields.count == 2, let pid = Int32(fields[0]), pid > 0, let start = UInt64(fields[1]) else { return nil }
            (self.pid, self.start) = (pid, start)
        }

        /// The start time in a `/proc/PID/stat` line: field 22, counted after the command's closing
        /// parenthesis (the command may hold spaces and parentheses).
        public static func start(statLine: String) -> UInt64? {
            guard let close = statLine.lastIndex(of: ")") else { return nil }
            let fields = statLine[statLine.index(after: close)...].split(separator: " ")
            // Field 3 (state) is the first after the parenthesis, so field 22 is the 20th.
            return fields.count > 19 ? UInt64(fields[19]) : nil
        }
    }

    /// What the list says of a download the last run left unfinished, with what had come.
    public static func interruptedReason(received: UInt64) -> String {
        received > 0
            ? "Skiff stopped before it was whole (\(DownloadReport.size(received)) had come; the part was removed)"
            : "Skiff stopped before it was whole"
    }

    /// The notice at launch for the downloads the last run left unfinished.
    public static func notice(names: [String], folder: String) -> String {
        let shown = names.prefix(3).map { "“\($0)”" }.joined(separator: ", ")
        let more = names.count > 3 ? " and \(names.count - 3) more" : ""
        let subject = names.count == 1 ? "A download was" : "\(names.count) downloads were"
        return "\(subject) cut short when Skiff last stopped: \(shown)\(more). The unfinished files were removed from \(folder); Retry is in the downloads list."
    }
}
