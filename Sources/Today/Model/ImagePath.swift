import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why an image path in a feed is not used.
enum ImageRefusal: Error, Equatable, CustomStringConvertible {
    case missing
    case outsideFolder
    case notRegular(kind: String)

    var description: String {
        switch self {
        case .missing: "was not found"
        case .outsideFolder: "is outside the feed's folder (pictures must be in it or below it)"
        case let .notRegular(kind): "is not a regular file (it is \(kind))"
        }
    }
}

/// Where a feed's image path leads, checked without opening anything.
///
/// Paths are relative to the feed's folder and must stay inside it once every symbolic link is
/// resolved: `../`, an absolute path elsewhere, or a link pointing out are refused, so a feed
/// can't make Skiff read `/etc/passwd` or another user's pictures. The target must be a regular
/// file: a named pipe would block the reader until a writer came, a device could never end. Only
/// `stat` is used here (it never blocks on a FIFO); the loader checks again on the descriptor it
/// opens, so a file swapped in between is caught too.
enum ImagePath {
    static func resolve(_ path: String, in directory: URL) -> Result<URL, ImageRefusal> {
        let candidate = URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL
        guard let folder = realPath(directory.path) else { return .failure(.missing) }
        guard let target = realPath(candidate.path) else {
            // Missing, or a dangling link: say "outside" when even the name points out.
            let lexical = directory.standardizedFileURL.path
            return candidate.path.hasPrefix(lexical.hasSuffix("/") ? lexical : lexical + "/")
                ? .failure(.missing) : .failure(.outsideFolder)
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard target.hasPrefix(prefix) else { return .failure(.outsideFolder) }
        var info = stat()
        guard stat(target, &info) == 0 else { return .failure(.missing) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .success(URL(fileURLWithPath: target))
        case S_IFDIR: return .failure(.notRegular(kind: "a folder"))
        case S_IFIFO: return .failure(.notRegular(kind: "a named pipe"))
        case S_IFCHR, S_IFBLK: return .failure(.notRegular(kind: "a device"))
        case S_IFSOCK: return .failure(.notRegular(kind: "a socket"))
        default: return .failure(.notRegular(kind: "a special file"))
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
