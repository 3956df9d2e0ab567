import Foundation
import JSONReader
#if canImport(Glibc)
import Glibc
#endif

/// What a feed's pictures may cost (docs/feed-format.md, "Limits"), and reading one safely.
public enum PictureLimits {
    /// A picture file larger than this is not read at all.
    public static let fileSize = 32 * 1024 * 1024
    /// Pixels a picture may declare (width × height), checked from its header before decoding:
    /// 36 megapixels is a large camera's photo. A decompression bomb (an 855 KB PNG declaring
    /// 30000×30000) is refused there, having cost nothing.
    public static let pixels = 36_000_000
    /// Pictures are decoded straight to at most this many pixels on the longest side: more than
    /// a story header on a 2560-px-wide window needs.
    public static let decodedSide = 2560
    /// Decoded pixels kept in memory at once, whatever the feed holds; the least recently drawn
    /// go first and are decoded again if they come back.
    public static let decodedBytes = 192 * 1024 * 1024
    /// Decoding one picture stops, refused, after this long (checked between chunks of its bytes): a
    /// 36-megapixel JPEG decodes here in 0.27 s, a 36-megapixel PNG in 0.98 s; eight times that leaves
    /// room for three at once on a busy machine, so only a hostile file reaches it.
    public static let decodeTime: Duration = .seconds(8)
    /// A decode that has not come back this long after it started is stuck inside one call of its
    /// decoder: it is given up (its result dropped when it comes) and its place goes to the next picture.
    public static let abandonAfter: Duration = .seconds(12)
    /// Pictures decoded at once, each on its own thread, so a slow one holds up only itself.
    public static let decoders = 3
    /// Decodes given up and still running: beyond this many, no more places are freed (each holds a
    /// thread and a core), and the pictures after them wait.
    public static let abandonedDecoders = 4
}

public enum PictureFile {
    /// Why a picture was not used, worded for a problem line.
    public struct Refusal: Error, Sendable, Equatable {
        public let message: String
        public init(_ message: String) { self.message = message }
    }

    /// The file's bytes, or why not, in words for a problem line.
    ///
    /// `url` is where the feed's check found the picture (`ImagePath.resolve`): its real path, every link
    /// resolved, inside the feed's folder. It is opened component by component from `/`, each `openat`
    /// relative to the folder opened before it, with `O_NOFOLLOW` on every one: if any folder on the way or
    /// the file itself has become a symbolic link since the feed was read, nothing is opened, so the file
    /// read is the one the check saw, in the folder it saw (docs/feed-format.md, "Pictures"). The file is
    /// opened non-blocking and checked on its descriptor (`DataFile`), so a path swapped for a FIFO or a
    /// device can't block or flood the reader.
    public static func read(_ url: URL, maximumSize: Int = PictureLimits.fileSize) -> Result<Data, Refusal> {
        let descriptor: Int32
        switch open(url.path) {
        case .success(let opened): descriptor = opened
        case .failure(let refusal): return .failure(refusal)
        }
        defer { close(descriptor) }
        switch DataFile.read(descriptor: descriptor, maximumSize: maximumSize) {
        case .success(let data): return .success(data)
        case .failure(let failure): return .failure(Refusal(failure.description))
        }
    }

    /// A read-only descriptor for the absolute `path`, opened without following a link anywhere on it.
    static func open(_ path: String) -> Result<Int32, Refusal> {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard path.hasPrefix("/"), let name = components.last, !components.contains(".."), !components.contains(".") else {
            return .failure(Refusal("the path is not where the feed's check found it"))
        }
        var folder = Glibc.open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return .failure(failure(errno, at: "/", in: -1)) }
        defer { close(folder) }
        for (offset, component) in components.dropLast().enumerated() {
            let next = openat(folder, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else {
                let code = errno
                let shown = "its folder /" + components[...offset].joined(separator: "/")
                return .failure(failure(code, at: shown, in: folder, name: component))
            }
            close(folder)
            folder = next
        }
        let file = openat(folder, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY)
        guard file >= 0 else { return .failure(failure(errno, at: "it", in: folder, name: name)) }
        return .success(file)
    }

    /// Why `openat(folder, name)` failed with `code`: a link where the check saw none is said so.
    private static func failure(_ code: Int32, at shown: String, in folder: Int32, name: String = "") -> Refusal {
        var info = stat()
        if folder >= 0, (code == ELOOP || code == ENOTDIR),
           fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFLNK {
            return Refusal("\(shown) became a symbolic link after the feed was read; pictures are read only inside the feed's folder")
        }
        if code == ENOENT || code == ENOTDIR { return Refusal(DataFile.Failure.missing.description) }
        return Refusal(DataFile.Failure.unreadable(reason: String(cString: strerror(code))).description)
    }
}
