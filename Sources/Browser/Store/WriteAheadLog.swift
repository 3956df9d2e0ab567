import Foundation

/// What a `-wal` file left next to the database holds, read without SQLite (which would replay
/// it, or silently drop what it can't use, the moment the database is opened).
///
/// The format (sqlite.org/fileformat2.html#walformat): a 32-byte header — magic, version, page
/// size, checkpoint sequence, two salts, a checksum of the first 24 bytes — then frames of a
/// 24-byte header (page number, database size after a commit, the two salts, a running checksum)
/// and one page each. A frame belongs to the current log when its salts equal the header's;
/// SQLite replays frames up to the last commit whose running checksum holds.
struct WriteAheadLog: Equatable {
    /// Size in bytes of the log file.
    var fileSize: Int
    /// nil when the header itself is unusable (wrong magic, bad checksum, impossible page size):
    /// SQLite then ignores the whole log, and everything in it is lost.
    var pageSize: Int?
    /// Frames whose salts and running checksums hold (what SQLite can replay).
    var validFrames = 0
    /// Frames of the current log (salts match) after the first bad checksum: written, but SQLite
    /// will drop them. Older frames from before the log was last reset don't count; they are
    /// normal leftovers.
    var damagedFrames = 0

    var isDamaged: Bool { pageSize == nil || damagedFrames > 0 }

    static func url(for database: URL) -> URL { URL(fileURLWithPath: database.path + "-wal") }
    static func sharedMemoryURL(for database: URL) -> URL { URL(fileURLWithPath: database.path + "-shm") }

    /// The log next to `database`, or nil when there is none or it is empty (nothing to replay).
    static func read(besides database: URL) -> WriteAheadLog? {
        guard let data = try? Data(contentsOf: url(for: database), options: .alwaysMapped), !data.isEmpty else { return nil }
        return WriteAheadLog(data)
    }

    init(_ data: Data) {
        fileSize = data.count
        let bytes = [UInt8](data)
        func word(_ offset: Int) -> UInt32 {
            UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
        }
        guard bytes.count >= 32 else { return }
        let magic = word(0)
        guard magic == 0x377f0682 || magic == 0x377f0683 else { return }
        let bigEndianSums = magic & 1 == 1
        let size = Int(word(8))
        guard size >= 512, size <= 65536, size & (size - 1) == 0 else { return }
        var sum = Self.checksum(bytes, 0, 24, bigEndian: bigEndianSums, start: (0, 0))
        guard sum.0 == word(24), sum.1 == word(28) else { return }
        pageSize = size
        let salts = (word(16), word(20))
        var offset = 32
        var pending = 0
        var broken = false
        while offset + 24 + size <= bytes.count {
            let frameSalts = (word(offset + 8), word(offset + 12))
            if frameSalts != salts { break }
            if !broken {
                sum = Self.checksum(bytes, offset, 8, bigEndian: bigEndianSums, start: sum)
                sum = Self.checksum(bytes, offset + 24, size, bigEndian: bigEndianSums, start: sum)
                if sum.0 == word(offset + 16), sum.1 == word(offset + 20) {
                    pending += 1
                    // Only frames up to a commit (database size set) are replayed.
                    if word(offset + 4) != 0 { validFrames += pending; pending = 0 }
                } else {
                    broken = true
                    damagedFrames += pending + 1
                    pending = 0
                }
            } else {
                damagedFrames += 1
            }
            offset += 24 + size
        }
    }

    /// SQLite's WAL checksum: over pairs of 32-bit words in the log's byte order.
    private static func checksum(_ bytes: [UInt8], _ start: Int, _ count: Int, bigEndian: Bool,
                                 start initial: (UInt32, UInt32)) -> (UInt32, UInt32) {
        var s0 = initial.0, s1 = initial.1
        var i = start
        while i + 8 <= start + count {
            let a: UInt32, b: UInt32
            if bigEndian {
                a = UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
                b = UInt32(bytes[i + 4]) << 24 | UInt32(bytes[i + 5]) << 16 | UInt32(bytes[i + 6]) << 8 | UInt32(bytes[i + 7])
            } else {
                a = UInt32(bytes[i + 3]) << 24 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i])
                b = UInt32(bytes[i + 7]) << 24 | UInt32(bytes[i + 6]) << 16 | UInt32(bytes[i + 5]) << 8 | UInt32(bytes[i + 4])
            }
            s0 = s0 &+ a &+ s1
            s1 = s1 &+ b &+ s0
            i += 8
        }
        return (s0, s1)
    }

    /// Whether some process (this one included) has the database open: every SQLite connection
    /// to a WAL database holds a shared lock on the "DMS" byte (offset 128) of the `-shm` file
    /// while it is open. A log in use belongs to that connection; it must not be judged or touched.
    /// Read from /proc/locks rather than by opening the file: closing any descriptor of a file
    /// drops this process's own POSIX locks on it, SQLite's included.
    static func isInUse(_ database: URL) -> Bool {
        var info = stat()
        guard stat(sharedMemoryURL(for: database).path, &info) == 0,
              let locks = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return false }
        let inode = UInt64(info.st_ino)
        for line in locks.split(separator: "\n") {
            // "1: POSIX  ADVISORY  READ 1234 08:01:123456 128 128" (a "->" marks a waiter)
            let fields = line.split(separator: " ").filter { $0 != "->" }
            guard fields.count >= 8, fields[1] == "POSIX" || fields[1] == "OFDLCK",
                  let id = fields[5].split(separator: ":").last, UInt64(id) == inode,
                  let first = UInt64(fields[6]) else { continue }
            let last = fields[7] == "EOF" ? UInt64.max : (UInt64(fields[7]) ?? 0)
            if first <= 128, 128 <= last { return true }
        }
        return false
    }
}
