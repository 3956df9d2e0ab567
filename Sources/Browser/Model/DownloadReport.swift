import Foundation

/// What the user is told about a download: why it failed, in words, and what it says when it is
/// done (docs/downloads.md).
public enum DownloadReport {
    /// How a download failed, as the engine classes it.
    public enum FailureKind: Sendable, Equatable {
        case network, cancelled, destination, other
    }

    /// The reason, for "… could not be downloaded: <reason>.", from the engine's class and message.
    public static func reason(kind: FailureKind, message: String, folder: String) -> String {
        let lower = message.lowercased()
        if lower.contains("no space left") || lower.contains("disk quota") { return "the disk is full" }
        if lower.contains("read-only file system") { return "the folder \(folder) is read-only" }
        if lower.contains("permission denied") || lower.contains("operation not permitted") {
            return "the folder \(folder) can’t be written to (permission denied)"
        }
        if lower.contains("file too large") { return "the file is larger than this disk allows" }
        switch kind {
        case .cancelled:
            return "it was cancelled"
        case .network:
            if lower.contains("tls") || lower.contains("certificate") { return "the secure connection failed (\(message))" }
            if lower.contains("terminated") || lower.contains("closed") || lower.contains("reset") || lower.contains("unexpected") {
                return "the server cut the connection (\(message))"
            }
            return "a network error (\(message))"
        case .destination, .other:
            return message.isEmpty ? "an unknown error" : message
        }
    }

    /// The reason for a system error number met before the download starts (the folder check).
    public static func reason(errno code: Int32, folder: String) -> String {
        switch code {
        case ENOSPC, EDQUOT: return "the disk is full"
        case EROFS: return "the folder \(folder) is read-only"
        case EACCES, EPERM: return "the folder \(folder) can’t be written to (permission denied)"
        case ENOTDIR: return "\(folder) is not a folder"
        case ENOENT: return "the folder \(folder) does not exist"
        default: return "the folder \(folder) can’t be used (\(String(cString: strerror(code))))"
        }
    }

    /// The free space a download must leave on its disk: 1 GB, or a twentieth of a disk smaller than
    /// 20 GB (a USB stick, a small tmpfs), so a download never fills the disk the system runs on.
    public static let reserveBytes: UInt64 = 1_000_000_000

    public static func reserve(forDiskOf size: UInt64) -> UInt64 { min(reserveBytes, size / 20) }

    /// Why a download of `length` bytes (nil: not said) with `received` written so far must not go
    /// on, given the disk's `free` bytes and `size`; nil when it may.
    public static func spaceProblem(length: UInt64?, received: UInt64, free: UInt64, diskSize: UInt64) -> String? {
        let reserve = reserve(forDiskOf: diskSize)
        if let length, length > received {
            let needed = length - received
            if needed > free || free - needed < reserve {
                return "it needs \(size(needed)) more and the disk has \(size(free)) free (\(size(reserve)) must stay free)"
            }
            return nil
        }
        if free == 0 { return "the disk is full" }
        return free < reserve ? "the disk is nearly full (\(size(free)) left)" : nil
    }

    /// A body shorter than the server announced.
    public static func truncated(received: UInt64, expected: UInt64) -> String {
        "the server cut the connection (\(size(received)) of \(size(expected)) came)"
    }

    public static func failed(name: String, reason: String) -> String {
        "“\(name)” could not be downloaded: \(reason). Nothing was saved."
    }

    public static func finished(name: String, folder: String, bytes: UInt64) -> String {
        "Downloaded “\(name)” (\(size(bytes))) to \(folder)."
    }

    /// "1.2 MB", "512 bytes": decimal units, as GNOME Files shows sizes.
    public static func size(_ bytes: UInt64) -> String {
        if bytes < 1000 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        let units = ["kB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 999.95 && unit < units.count - 1 { value /= 1000; unit += 1 }
        return String(format: "%.1f", value) + " " + units[unit]
    }
}
