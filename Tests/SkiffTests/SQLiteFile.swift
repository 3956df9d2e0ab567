import Foundation

/// A database file read the way a user could, with the sqlite3 tool: what is on disk, not what
/// Skiff holds in memory.
enum SQLiteFile {
    /// The query's rows, one a line, trimmed; "" when there are none.
    static func rows(_ database: URL, _ query: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database.path, query]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        process.waitUntilExit()
        return String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
