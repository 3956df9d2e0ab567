import Foundation
import GRDB

/// What every Skiff SQLite store does with its file when it can't be used: the judgement of
/// damage, moving a damaged file aside with its -wal and -shm, and errors worded for people.
/// (docs/browsing-data.md, "Opening"; docs/feeds.md, "Storage".)
public enum DatabaseFile {
    /// Only a file SQLite calls damaged, or one we can't read or write, is moved aside. A busy
    /// database (another Skiff is saving), a full disk or a read-only folder leave the file alone:
    /// moving a good database aside would look to the user like losing everything.
    public static func isDamage(_ error: Error, at url: URL) -> Bool {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        guard files.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return false }
        if isDirectory.boolValue { return true }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_NOTADB, .SQLITE_CORRUPT, .SQLITE_FORMAT: return true
            case .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_FULL, .SQLITE_NOMEM: return false
            default: break
            }
        }
        return !files.isReadableFile(atPath: url.path) || !files.isWritableFile(atPath: url.path)
    }

    /// Renames the database and its -wal and -shm files to "<name>.corrupt-<UTC time>" (+ "-wal",
    /// "-shm"), keeping them together so the sqlite3 tool can still open the moved copy.
    public static func moveAside(_ url: URL, now: Date) throws -> URL {
        let files = FileManager.default
        let base = url.path + ".corrupt-" + timestamp(now)
        var target = base
        var attempt = 1
        while [target, target + "-wal", target + "-shm"].contains(where: files.fileExists(atPath:)) {
            attempt += 1
            target = base + "-\(attempt)"
        }
        try files.moveItem(atPath: url.path, toPath: target)
        for suffix in ["-wal", "-shm"] where files.fileExists(atPath: url.path + suffix) {
            try files.moveItem(atPath: url.path + suffix, toPath: target + suffix)
        }
        return URL(fileURLWithPath: target)
    }

    /// "20240601T120000Z": sorts by time, and is a valid file name everywhere.
    public static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }

    public static func describe(_ error: Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        // Foundation's own description of a file error prints its userInfo dictionary, whose order
        // differs from one error to the next, and means nothing to a user; the system's reason does.
        if let posix = error as? POSIXError ?? (error as NSError).userInfo[NSUnderlyingErrorKey] as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        return error.localizedDescription
    }
}
