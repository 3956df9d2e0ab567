import Foundation
import GRDB

/// Why a write to a Skiff database (browsing data, feeds) failed, in words a user can act on.
public enum SaveFailure {
    public static func describe(_ error: Error) -> String {
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_FULL: return "the disk is full"
            case .SQLITE_READONLY: return "the database is read-only"
            case .SQLITE_IOERR: return "the disk reported an error (\(error.message ?? "I/O error"))"
            case .SQLITE_BUSY, .SQLITE_LOCKED: return "another program is holding the database"
            case .SQLITE_CANTOPEN: return "the database file can't be opened"
            case .SQLITE_CORRUPT, .SQLITE_NOTADB: return "the database is damaged"
            default: return error.message ?? "\(error.resultCode)"
            }
        }
        return "\(error)"
    }
}
