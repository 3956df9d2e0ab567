import Foundation

/// A folder whose disk fills up on demand. As root (CI) it is a real tmpfs of `size` bytes
/// mounted for the test, and `fill()` writes a filler file until the kernel says ENOSPC. As anyone
/// else it is a plain temporary folder and `fill()` caps the process's file size
/// (`setrlimit(RLIMIT_FSIZE)`) at the largest file there, so SQLite's next growing write fails
/// (EFBIG, reported as an I/O error rather than "disk full"). `isRealFilesystem` says which.
public final class SmallFilesystem: @unchecked Sendable {
    public let url: URL
    public let isRealFilesystem: Bool
    private var filler: URL { url.appendingPathComponent("filler") }
    private var savedLimit: rlimit?

    public init(size: Int) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-full-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        isRealFilesystem = geteuid() == 0
            && Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", url.path]) == 0
    }

    /// Makes the next growing write in `url` fail.
    public func fill() {
        if isRealFilesystem {
            let fd = open(filler.path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            guard fd >= 0 else { return }
            defer { close(fd) }
            let chunk = [UInt8](repeating: 0xAB, count: 4096)
            while chunk.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
            return
        }
        signal(SIGXFSZ, SIG_IGN)
        var current = rlimit()
        getrlimit(Int32(RLIMIT_FSIZE.rawValue), &current)
        if savedLimit == nil { savedLimit = current }
        var largest = 0
        for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] {
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.appendingPathComponent(name).path)
            largest = max(largest, (attributes?[.size] as? Int) ?? 0)
        }
        var limit = rlimit(rlim_cur: rlim_t(largest), rlim_max: current.rlim_max)
        setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
    }

    /// Undoes `fill`.
    public func free() {
        if isRealFilesystem {
            try? FileManager.default.removeItem(at: filler)
        } else if var saved = savedLimit {
            setrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
            savedLimit = nil
        }
    }

    /// Makes the folder refuse new files: a read-only remount as root (EROFS, which root cannot
    /// bypass), else no write permission (EACCES).
    public func makeReadOnly() {
        if isRealFilesystem { _ = Self.run("/bin/mount", ["-o", "remount,ro", url.path]) } else { chmod(url.path, 0o555) }
    }

    public func remove() {
        free()
        if isRealFilesystem { _ = Self.run("/bin/umount", [url.path]) } else { chmod(url.path, 0o755) }
        try? FileManager.default.removeItem(at: url)
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = arguments
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return -1 }
        p.waitUntilExit()
        return p.terminationStatus
    }
}
