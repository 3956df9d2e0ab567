import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A filter list file found on this machine.
public struct FilterListFile: Sendable, Equatable {
    /// "EasyList" or "EasyPrivacy": what Preferences shows.
    public let name: String
    public let path: String
    public let size: Int
    public let modified: Date
    /// Changes whenever the file may have: its path, size, modification time (to the nanosecond)
    /// and inode, as 16 hex digits. dpkg installs an updated file under a new inode, so a security
    /// update of the package always gives a new fingerprint; reading the 3.4 MB to hash it would
    /// cost every start what the compiled store is there to spare.
    public let fingerprint: String
}

/// Where Debian puts EasyList and EasyPrivacy: the uBlock Origin extension packages carry both in
/// Adblock Plus syntax under `assets/thirdparties/easylist/`, and security updates keep them current.
/// The paths are the same in Debian 12 (1.67.0+dfsg-1~deb12u1) and Debian 13 (…~deb13u1), checked
/// with `dpkg -c` on both packages of both releases.
public enum FilterLists {
    /// The folders holding `easylist.txt` and `easyprivacy.txt`, in the order they are tried:
    /// `webext-ublock-origin-chromium` (what tools/setup.sh installs), then `-firefox`.
    public static let debianFolders = [
        "/usr/share/chromium/extensions/ublock-origin/assets/thirdparties/easylist",
        "/usr/share/mozilla/extensions/{ec8030f7-c20a-464f-9b0e-13a3a9e97384}/uBlock0@raymondhill.net/assets/thirdparties/easylist",
    ]

    /// The lists, by the name shown and the file name in those folders.
    public static let known: [(name: String, file: String)] = [
        ("EasyList", "easylist.txt"),
        ("EasyPrivacy", "easyprivacy.txt"),
    ]

    /// Each known list found in `folders` (the first folder holding it wins), with its size, date
    /// and fingerprint; a list found nowhere is left out. Reads no file, only their metadata.
    public static func installed(in folders: [String] = debianFolders) -> [FilterListFile] {
        known.compactMap { list in
            for folder in folders {
                if let file = describe(name: list.name, path: folder + "/" + list.file) { return file }
            }
            return nil
        }
    }

    /// The file at `path` as a list, if it is a regular file (links followed: a distribution may
    /// link the list elsewhere).
    public static func describe(name: String, path: String) -> FilterListFile? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let seconds = Int64(info.st_mtim.tv_sec)
        let nanoseconds = Int64(info.st_mtim.tv_nsec)
        let modified = Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
        var hash = FNV1a()
        hash.add(path)
        hash.add(String(info.st_size))
        hash.add(String(seconds) + "." + String(nanoseconds))
        hash.add(String(info.st_ino))
        return FilterListFile(name: name, path: path, size: Int(info.st_size), modified: modified,
                              fingerprint: hash.hex)
    }

    /// One fingerprint for a set of lists and this converter (`FilterConverter.formatVersion`) and
    /// limits: when it is the one the compiled filters were saved under, they are still right.
    public static func fingerprint(of lists: [FilterListFile], limits: FilterLimits = .standard) -> String {
        var hash = FNV1a()
        hash.add("format " + String(FilterConverter.formatVersion))
        hash.add("limits \(limits.rulesPerChunk) \(limits.maximumRules) \(limits.maximumExceptions) "
                 + "\(limits.maximumLineBytes) \(limits.maximumListBytes)")
        for list in lists { hash.add(list.name + " " + list.fingerprint) }
        return hash.hex
    }
}

extension FilterLists {
    /// The name of chunk `index` of the filters made under `fingerprint`, for
    /// `WebKitUserContentFilterStore`: a later start whose fingerprint is the same loads
    /// `skiff-content-filter-<fingerprint>-0`, `-1`, … and converts nothing; any other name with
    /// the prefix is from older lists and can be removed.
    public static func chunkIdentifier(fingerprint: String, index: Int) -> String {
        identifierPrefix + fingerprint + "-" + String(index)
    }

    /// What every chunk's name starts with.
    public static let identifierPrefix = "skiff-content-filter-"
}

/// 64-bit FNV-1a: a fingerprint of a few short strings, not a defence against anyone (whoever can
/// change the list files can change what they say anyway).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        // A separator so ("ab", "c") and ("a", "bc") differ.
        value = (value ^ 0xFF) &* 0x0000_0100_0000_01B3
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
