import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A list file read line by line in blocks, never whole: a 100 MB file costs one 64 KB buffer and
/// one line of at most `maximumLineBytes`, and reading stops at `maximumListBytes`.
enum LineReader {
    enum Line {
        /// A line without its newline (nor a `\r` before it).
        case bytes(UnsafeBufferPointer<UInt8>)
        /// A line past the length limit: its first bytes, for the report's example.
        case tooLong(prefix: [UInt8])
    }

    enum Failure: Error, Equatable, CustomStringConvertible {
        case missing
        case notRegularFile
        case unreadable(String)

        var description: String {
            switch self {
            case .missing: return "the file does not exist"
            case .notRegularFile: return "this is not a regular file"
            case let .unreadable(reason): return "the file could not be read (\(reason))"
            }
        }
    }

    /// Bytes read per `read(2)`: large enough that a 2 MB list is a few dozen calls.
    static let blockSize = 64 * 1024
    /// Bytes of a too-long line kept as its example.
    static let examplePrefix = 120

    /// Calls `body` with each line of the file at `path`; returns how many bytes were left unread
    /// past `maximumBytes`.
    static func forEachLine(path: String, maximumBytes: Int, maximumLineBytes: Int,
                            _ body: (Line) -> Void) -> Result<Int, Failure> {
        // Non-blocking so a FIFO named as a list cannot hang the open; fstat on the descriptor, not
        // the path, so nothing can be swapped in between.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .failure(.missing) }
            return .failure(.unreadable(String(cString: strerror(code))))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegularFile) }
        let size = Int(info.st_size)

        var splitter = LineSplitter(maximumLineBytes: maximumLineBytes)
        var block = [UInt8](repeating: 0, count: blockSize)
        var total = 0
        while total < maximumBytes {
            let wanted = min(blockSize, maximumBytes - total)
            let count = block.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(String(cString: strerror(errno))))
            }
            if count == 0 {
                splitter.finish(body)
                return .success(0)
            }
            total += count
            block.withUnsafeBufferPointer { splitter.feed(UnsafeBufferPointer(rebasing: $0[0..<count]), body) }
        }
        // Stopped at the size limit: a line cut in two is not a filter, so it is dropped with the rest.
        return .success(max(0, size - total))
    }

    /// Calls `body` with each line of `text`, with the same length limit as a file.
    static func forEachLine(text: String, maximumLineBytes: Int, _ body: (Line) -> Void) {
        var splitter = LineSplitter(maximumLineBytes: maximumLineBytes)
        var copy = text
        copy.withUTF8 { splitter.feed($0, body) }
        splitter.finish(body)
    }
}

/// Cuts blocks of bytes into lines, carrying a line over from one block to the next.
struct LineSplitter {
    let maximumLineBytes: Int
    private var pending: [UInt8] = []
    private var skippingLongLine = false

    init(maximumLineBytes: Int) { self.maximumLineBytes = maximumLineBytes }

    mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (LineReader.Line) -> Void) {
        guard let base = bytes.baseAddress else { return }
        var start = 0
        while start < bytes.count {
            let remaining = bytes.count - start
            let found = memchr(base + start, 0x0A, remaining)
            let end = found.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? bytes.count
            let segment = UnsafeBufferPointer(start: base + start, count: end - start)
            if found == nil {
                carry(segment, body)
            } else if skippingLongLine {
                skippingLongLine = false
            } else if pending.isEmpty {
                if segment.count > maximumLineBytes {
                    body(.tooLong(prefix: Array(segment.prefix(LineReader.examplePrefix))))
                } else {
                    emit(segment, body)
                }
            } else {
                carry(segment, body)
                if skippingLongLine {
                    skippingLongLine = false
                } else {
                    pending.withUnsafeBufferPointer { emit($0, body) }
                }
                pending.removeAll(keepingCapacity: true)
            }
            start = end + 1
        }
    }

    mutating func finish(_ body: (LineReader.Line) -> Void) {
        if !pending.isEmpty && !skippingLongLine {
            pending.withUnsafeBufferPointer { emit($0, body) }
        }
        pending.removeAll()
        skippingLongLine = false
    }

    /// Keeps part of a line for the next block, or notes that the line is too long.
    private mutating func carry(_ segment: UnsafeBufferPointer<UInt8>, _ body: (LineReader.Line) -> Void) {
        guard !skippingLongLine else { return }
        if pending.count + segment.count > maximumLineBytes {
            pending.append(contentsOf: segment.prefix(max(0, LineReader.examplePrefix - pending.count)))
            body(.tooLong(prefix: Array(pending.prefix(LineReader.examplePrefix))))
            pending.removeAll(keepingCapacity: true)
            skippingLongLine = true
        } else {
            pending.append(contentsOf: segment)
        }
    }

    private func emit(_ line: UnsafeBufferPointer<UInt8>, _ body: (LineReader.Line) -> Void) {
        if let last = line.last, last == 0x0D {
            body(.bytes(UnsafeBufferPointer(rebasing: line.dropLast())))
        } else {
            body(.bytes(line))
        }
    }
}
