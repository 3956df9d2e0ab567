import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a data file the user or a bundle points at, refusing what could hang or flood the reader.
///
/// Every section's files go through here. The file is opened non-blocking and checked with
/// `fstat` on the open descriptor: a FIFO named as a feed would otherwise block `open()` (and the
/// main thread) until a writer appears, and `/dev/zero` would never end. Checking the descriptor,
/// not the path, leaves no window for the path to be swapped in between.
public enum DataFile {
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case missing
        case folder
        /// A FIFO, a device or a socket: `kind` names which.
        case notRegular(kind: String)
        case tooLarge(size: Int, limit: Int)
        case unreadable(reason: String)

        /// Worded for the person who named the file.
        public var description: String {
            switch self {
            case .missing: return "the file does not exist"
            case .folder: return "this is a folder, not a file"
            case let .notRegular(kind): return "this is not a regular file (it is \(kind))"
            case let .tooLarge(size, limit):
                return "the file is too large (\(DataFile.megabytes(size)); the limit is \(DataFile.megabytes(limit)))"
            case let .unreadable(reason): return "the file could not be read (\(reason))"
            }
        }
    }

    /// The whole file, if it is a regular file of at most `maximumSize` bytes.
    public static func read(_ url: URL, maximumSize: Int) -> Result<Data, Failure> {
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .failure(.missing) }
            return .failure(.unreadable(reason: String(cString: strerror(code))))
        }
        defer { close(descriptor) }
        return read(descriptor: descriptor, maximumSize: maximumSize)
    }

    /// The whole file open on `descriptor` (which the caller closes), if it is a regular file of at
    /// most `maximumSize` bytes: for a caller that opened it its own way (Today's pictures, opened
    /// under their feed's folder without following links).
    public static func read(descriptor: Int32, maximumSize: Int) -> Result<Data, Failure> {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return .failure(.unreadable(reason: String(cString: strerror(errno))))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(.folder)
        case S_IFIFO: return .failure(.notRegular(kind: "a named pipe"))
        case S_IFCHR, S_IFBLK: return .failure(.notRegular(kind: "a device"))
        case S_IFSOCK: return .failure(.notRegular(kind: "a socket"))
        default: return .failure(.notRegular(kind: "a special file"))
        }
        let size = Int(info.st_size)
        guard size <= maximumSize else { return .failure(.tooLarge(size: size, limit: maximumSize)) }
        // Read to the end, at most one byte past the limit, whatever the size said: a file can grow after
        // fstat, and procfs and sysfs files report a size of 0 whatever they hold.
        var data = Data(capacity: min(size, maximumSize) + 1)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var outcome: Failure?
        while data.count <= maximumSize {
            let wanted = min(chunk.count, maximumSize + 1 - data.count)
            let got = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                outcome = .unreadable(reason: String(cString: strerror(errno)))
                break
            }
            data.append(contentsOf: chunk[0..<got])
        }
        if let outcome { return .failure(outcome) }
        guard data.count <= maximumSize else { return .failure(.tooLarge(size: data.count, limit: maximumSize)) }
        return .success(data)
    }

    /// Whether `url` names a regular file, asked without opening it (so without blocking on a FIFO).
    public static func isRegularFile(_ url: URL) -> Bool {
        var info = stat()
        return stat(url.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    static func megabytes(_ bytes: Int) -> String {
        if bytes < 1_048_576 { return "\(max(1, bytes / 1024)) KB" }
        return "\(bytes / 1_048_576) MB"
    }
}
