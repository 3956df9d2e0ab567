import BrowserModel
import BrowserStore
import Foundation

/// What downloading asks of the file system: the folder made and checked, names tested, the
/// partial file renamed without replacing anything or removed (docs/downloads.md).
enum DownloadFiles {
    /// These calls as the flow asks for them (`DownloadFlow.handle`).
    static var disk: any DownloadDisk { FileSystem() }

    private struct FileSystem: DownloadDisk {
        func prepare(folder: String) -> String? { DownloadFiles.prepare(folder: folder) }
        func space(under folder: String) -> (free: UInt64, size: UInt64)? { DownloadFiles.space(under: folder) }
        func exists(_ folder: String, _ name: String) -> Bool { DownloadFiles.exists(folder, name) }
        func size(of path: String) -> UInt64? {
            var info = stat()
            return stat(path, &info) == 0 ? UInt64(info.st_size) : nil
        }
        func renameNoReplace(_ from: String, to: String) -> Int32? { DownloadFiles.renameNoReplace(from, to: to) ? nil : errno }
        func display(_ folder: String) -> String { DownloadFiles.display(folder) }
    }

    /// Makes the folder if it is missing; nil when a file can be created in it, else why not.
    static func prepare(folder: String) -> String? {
        if let code = makeFolder(folder) { return DownloadReport.reason(errno: code, folder: display(folder)) }
        // access(2) answers for this user, and EROFS even for root.
        if access(folder, W_OK | X_OK) != 0 { return DownloadReport.reason(errno: errno, folder: display(folder)) }
        return nil
    }

    /// mkdir -p, nil when `path` is a folder now, else the errno that stopped it.
    private static func makeFolder(_ path: String) -> Int32? {
        var info = stat()
        if stat(path, &info) == 0 { return info.st_mode & S_IFMT == S_IFDIR ? nil : ENOTDIR }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, let code = makeFolder(parent) { return code }
        return mkdir(path, 0o755) == 0 || errno == EEXIST ? nil : errno
    }

    /// The disk's free space and size under `folder` (statvfs), nil when it cannot be read.
    static func space(under folder: String) -> (free: UInt64, size: UInt64)? {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return nil }
        return (UInt64(info.f_bavail) * UInt64(info.f_frsize), UInt64(info.f_blocks) * UInt64(info.f_frsize))
    }

    static func size(of path: String) -> UInt64 {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_size) : 0
    }

    static func exists(_ folder: String, _ name: String) -> Bool {
        var info = stat()
        return lstat((folder as NSString).appendingPathComponent(name), &info) == 0
    }

    /// rename(2) that never replaces a file: a hard link fails if the name is taken; a file
    /// system without links (FAT) gets a checked rename.
    static func renameNoReplace(_ from: String, to: String) -> Bool {
        if link(from, to) == 0 { unlink(from); return true }
        guard errno == EPERM || errno == EOPNOTSUPP || errno == EXDEV || errno == EMLINK else { return false }
        var info = stat()
        if lstat(to, &info) == 0 { errno = EEXIST; return false }
        return rename(from, to) == 0
    }

    static func removePartial(_ path: String) {
        unlink(path)
        // What WebKit's network process may keep beside it while writing.
        unlink(path + ".wkdownload")
    }

    /// "~/Downloads" for the user's home, else the path.
    static func display(_ folder: String) -> String {
        let home = NSHomeDirectory()
        guard folder.hasPrefix(home + "/") else { return folder }
        return "~" + folder.dropFirst(home.count)
    }

    /// The journals of downloads in flight (`DownloadJournal`), one file a process, in Skiff's state folder.
    static var journalFolder: URL { DataLocations().stateDirectory.appendingPathComponent("downloads-in-flight.d") }
    /// The one file all processes shared before 2026-12-04: read once as a dead process's, then removed.
    static var sharedJournalURL: URL { DataLocations().stateDirectory.appendingPathComponent("downloads-in-flight") }
    /// This process's journal.
    static var journalURL: URL { journalFolder.appendingPathComponent(thisProcess.fileName) }

    static let thisProcess = DownloadJournal.Owner(pid: getpid(), start: startTime(of: getpid()) ?? 0)

    static func startTime(of pid: Int32) -> UInt64? {
        (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)).flatMap(DownloadJournal.Owner.start(statLine:))
    }

    /// The journals of processes that ended without clearing theirs (killed, crashed), each with its
    /// file; a process still running keeps its own, whatever it has in flight.
    static func journalsOfEndedProcesses() -> [(file: URL, journal: DownloadJournal)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: journalFolder.path)) ?? []
        var found: [(URL, DownloadJournal)] = []
        for name in names.sorted().prefix(DownloadJournal.maximumEntries) {
            guard let owner = DownloadJournal.Owner(fileName: name), owner != thisProcess,
                  startTime(of: owner.pid) != owner.start else { continue }
            let file = journalFolder.appendingPathComponent(name)
            found.append((file, read(file)))
        }
        if FileManager.default.fileExists(atPath: sharedJournalURL.path) { found.append((sharedJournalURL, read(sharedJournalURL))) }
        return found
    }

    private static func read(_ file: URL) -> DownloadJournal {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { return DownloadJournal() }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: DownloadJournal.maximumBytes)) ?? Data()
        return DownloadJournal(text: String(decoding: data, as: UTF8.self))
    }

    /// Writes this process's journal whole (a temporary file renamed over it); an empty one is removed. False
    /// when it could not be written (the downloads go on: the journal only helps the next launch).
    @discardableResult
    static func writeJournal(_ journal: DownloadJournal) -> Bool {
        let url = journalURL
        if journal.entries.isEmpty {
            return unlink(url.path) == 0 || errno == ENOENT
        }
        do {
            try DataLocations.createPrivateDirectory(url.deletingLastPathComponent())
            try Data(journal.text.utf8).write(to: url, options: .atomic)
            return true
        } catch {
            return false
        }
    }
}
