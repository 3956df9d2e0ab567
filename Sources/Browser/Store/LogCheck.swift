import Foundation
import GRDB
import Logging

/// Before SQLite replays a write-ahead log left next to the database (after a crash, `kill -9`,
/// or a stray file copied in), make sure it is ours and whole — and keep a copy of everything
/// first, so no recovery can lose what was there.
///
/// A log is judged on copies: the database alone, and the database with the log replayed. It is
/// foreign when replaying it changes the database's identity (`DiskBrowsingStore.identityKey`),
/// leaves no Skiff tables, or fails SQLite's check; damaged when frames of the current log fail
/// their checksums (SQLite would drop them silently). A foreign log is left out; a damaged one is
/// replayed as far as it is intact. Either way the copy stays, in
/// `browser.sqlite.before-recovery-<UTC time>/`, and the user is told. A log that is ours and whole
/// (the usual crash) is replayed and the copy removed. A log some process has open is live, not
/// stale: it is left alone.
enum LogCheck {
    enum Outcome: Equatable {
        case none
        case ours
        case keptCopy(URL, message: String)
        case noRoomForCopy(String)
    }

    static let logger = Logger(label: "skiff.browser.store")

    static func run(_ url: URL, now: Date) -> Outcome {
        guard FileManager.default.fileExists(atPath: url.path), let log = WriteAheadLog.read(besides: url) else { return .none }
        // Unreadable or in use: not ours to judge here (an unreadable file is moved aside whole,
        // log included; a log in use is another connection's live one).
        if access(url.path, R_OK) != 0 || WriteAheadLog.isInUse(url) { return .none }
        let copy: URL
        do {
            copy = try keepCopy(of: url, now: now)
        } catch {
            logger.error("no copy of \(url.path) and its log could be kept: \(error)")
            return .noRoomForCopy(StoreOpening.describe(error))
        }
        let verdict = judge(url, log: log)
        switch verdict {
        case .ours:
            try? FileManager.default.removeItem(at: copy)
            return .ours
        case .foreign(let why):
            logger.warning("write-ahead log next to \(url.path) is not this database's (\(why)); left out, copy in \(copy.path)")
            for file in [WriteAheadLog.url(for: url), WriteAheadLog.sharedMemoryURL(for: url)] {
                try? FileManager.default.removeItem(at: file)
            }
            return .keptCopy(copy, message:
                "A write-ahead log next to your browsing data did not belong to it (\(why)), so it was left out: your tabs and history are as they were last saved whole. A copy of everything as it was is in \(copy.path).")
        case .damaged(let frames):
            logger.warning("write-ahead log next to \(url.path) has \(frames) damaged frames; copy in \(copy.path)")
            return .keptCopy(copy, message:
                "The last changes to your browsing data were damaged (\(frames) unreadable pages in its write-ahead log) and could not all be recovered. A copy of everything as it was is in \(copy.path).")
        }
    }

    enum Verdict: Equatable {
        case ours
        case foreign(String)
        case damaged(frames: Int)
    }

    /// Copies the database, its log and shared-memory file, under their own names, into a new
    /// folder beside them (the sqlite3 tool opens the copy with its log).
    static func keepCopy(of url: URL, now: Date) throws -> URL {
        let files = FileManager.default
        let base = url.path + ".before-recovery-" + StoreOpening.timestamp(now)
        var target = base
        var attempt = 1
        while files.fileExists(atPath: target) {
            attempt += 1
            target = base + "-\(attempt)"
        }
        let folder = URL(fileURLWithPath: target, isDirectory: true)
        try DataLocations.createPrivateDirectory(folder)
        do {
            for suffix in ["", "-wal", "-shm"] where files.fileExists(atPath: url.path + suffix) {
                try files.copyItem(atPath: url.path + suffix, toPath: folder.appendingPathComponent(url.lastPathComponent + suffix).path)
            }
        } catch {
            try? files.removeItem(at: folder)
            throw error
        }
        return folder
    }

    static func judge(_ url: URL, log: WriteAheadLog) -> Verdict {
        if let logPageSize = log.pageSize, let mainPageSize = Self.pageSize(of: url), logPageSize != mainPageSize {
            return .foreign("its pages are \(logPageSize) bytes, the database's \(mainPageSize)")
        }
        if log.pageSize == nil { return .damaged(frames: max(1, (log.fileSize - 32) / 4120)) }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-logcheck-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            let alone = scratch.appendingPathComponent("alone/db.sqlite")
            let replayed = scratch.appendingPathComponent("replayed/db.sqlite")
            for folder in [alone, replayed] {
                try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: url, to: folder)
            }
            try FileManager.default.copyItem(at: WriteAheadLog.url(for: url), to: WriteAheadLog.url(for: replayed))
            let before = try? DatabaseQueue(path: alone.path).read { try DiskBrowsingStore.identity($0) }
            let after: (identity: String?, tables: Bool, check: [String])
            do {
                after = try DatabaseQueue(path: replayed.path).read { db in
                    (try DiskBrowsingStore.identity(db),
                     try db.tableExists("tabs") && db.tableExists("history") && db.tableExists("meta"),
                     try String.fetchAll(db, sql: "PRAGMA quick_check(3)"))
                }
            } catch {
                return .foreign("with it the database can't be read: \(StoreOpening.describe(error))")
            }
            if after.check != ["ok"] { return .foreign("with it the database fails its check") }
            if !after.tables { return .foreign("with it the database has no tabs or history") }
            if let before = before ?? nil, after.identity != before { return .foreign("it is another database's") }
        } catch {
            // The copies could not be made in the temporary folder: judge by the log alone.
            logger.warning("log check skipped: \(error)")
        }
        return log.damagedFrames > 0 ? .damaged(frames: log.damagedFrames) : .ours
    }

    /// The page size in the database file's header (bytes 16–17; 1 means 65536).
    static func pageSize(of url: URL) -> Int? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 100), header.count >= 18,
              header.starts(with: Array("SQLite format 3\0".utf8)) else { return nil }
        let raw = Int(header[16]) << 8 | Int(header[17])
        return raw == 1 ? 65536 : raw
    }
}
