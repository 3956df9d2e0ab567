import Foundation

/// How a downloaded file is named on disk: the server's name made safe, never an existing file's,
/// written under a temporary name first. The rules and limits are in docs/downloads.md.
public enum DownloadNaming {
    /// The longest file name Skiff writes, in UTF-8 bytes: the temporary suffix must still fit
    /// in Linux's 255-byte NAME_MAX (docs/downloads.md).
    public static let maximumNameBytes = 200
    /// The longest extension kept apart when a name is shortened or numbered.
    public static let maximumExtensionLength = 10
    /// Appended to the name while the file is being written; removed by a rename when whole.
    public static let partialSuffix = ".part"
    /// The name used when neither the server nor the address gives one.
    public static let fallbackName = "download"
    /// Extensions a file manager may run on a double click: such a file gets ".txt" after it.
    public static let launcherExtensions: Set<String> = ["desktop"]
    /// Double extensions numbered as one ("archive (1).tar.gz", not "archive.tar (1).gz").
    static let compoundExtensions: Set<String> = ["tar.gz", "tar.xz", "tar.bz2", "tar.zst", "tar.lz", "tar.lzma"]

    /// A safe file name from what the server suggested (Content-Disposition), else the address's
    /// last path segment, else "download".
    public static func safeName(suggested: String?, uri: String?) -> String {
        if let suggested, let name = sanitise(suggested) { return name }
        if let uri, let segment = lastPathSegment(of: uri), let name = sanitise(segment) { return name }
        return fallbackName
    }

    /// `raw` made safe to use as one file name in the downloads folder, or nil if nothing usable
    /// is left. Path separators become "_"; control, format (bidi overrides, zero-width) and line
    /// separator characters go; runs of spaces become one; leading dots, dashes and spaces and
    /// trailing dots and spaces go; the name is cut to `maximumNameBytes` keeping its extension.
    public static func sanitise(_ raw: String) -> String? {
        var scalars = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in raw.unicodeScalars {
            let mapped: Unicode.Scalar
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate, .privateUse:
                continue
            case .spaceSeparator:
                mapped = " "
            default:
                mapped = scalar == "/" || scalar == "\\" ? "_" : scalar
            }
            if mapped == " " {
                if lastWasSpace { continue }
                lastWasSpace = true
            } else {
                lastWasSpace = false
            }
            scalars.append(mapped)
        }
        var name = String(scalars)
        while let first = name.first, first == "." || first == " " || first == "-" { name.removeFirst() }
        while let last = name.last, last == "." || last == " " { name.removeLast() }
        guard !name.isEmpty else { return nil }
        var (stem, ext) = split(name)
        if let e = ext, launcherExtensions.contains(e.lowercased()) {
            stem = name
            ext = "txt"
        }
        return join(shorten(stem, toFit: maximumNameBytes - (ext.map { $0.utf8.count + 1 } ?? 0)), ext)
    }

    /// `name`, or "name (1).ext", "name (2).ext"… : the first that `isTaken` says is free. A
    /// name is taken when a file of that name or its partial file exists.
    public static func unique(_ name: String, isTaken: (String) -> Bool) -> String {
        func free(_ candidate: String) -> Bool { !isTaken(candidate) && !isTaken(partialName(for: candidate)) }
        if free(name) { return name }
        let (stem, ext) = split(name)
        var n = 1
        while true {
            let number = " (\(n))"
            let candidate = join(shorten(stem, toFit: maximumNameBytes - number.utf8.count - (ext.map { $0.utf8.count + 1 } ?? 0)) + number, ext)
            if free(candidate) { return candidate }
            n += 1
        }
    }

    /// The name a download is written under until it is whole.
    public static func partialName(for name: String) -> String { name + partialSuffix }

    /// ("report", "pdf") for "report.pdf"; ("archive", "tar.gz"); (".profile" has none: it never
    /// gets here, leading dots are gone). An "extension" longer than `maximumExtensionLength` or
    /// with anything but letters and digits is part of the stem.
    static func split(_ name: String) -> (stem: String, ext: String?) {
        let lower = name.lowercased()
        for compound in compoundExtensions where lower.hasSuffix("." + compound) && name.count > compound.count + 1 {
            return (String(name.dropLast(compound.count + 1)), String(name.suffix(compound.count)))
        }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, nil) }
        let ext = name[name.index(after: dot)...]
        guard !ext.isEmpty, ext.count <= maximumExtensionLength,
              ext.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }) else { return (name, nil) }
        return (String(name[..<dot]), String(ext))
    }

    static func join(_ stem: String, _ ext: String?) -> String { ext.map { "\(stem).\($0)" } ?? stem }

    /// `stem` cut at a character boundary to at most `bytes` UTF-8 bytes (never empty).
    static func shorten(_ stem: String, toFit bytes: Int) -> String {
        guard stem.utf8.count > bytes else { return stem }
        var result = ""
        for character in stem {
            if result.utf8.count + String(character).utf8.count > max(1, bytes) { break }
            result.append(character)
        }
        while let last = result.last, last == " " || last == "." { result.removeLast() }
        return result.isEmpty ? fallbackName : result
    }

    static func lastPathSegment(of uri: String) -> String? {
        guard let url = URL(string: uri), !url.path.isEmpty, url.path != "/" else { return nil }
        let segment = url.lastPathComponent
        return segment.removingPercentEncoding ?? segment
    }
}
