import Foundation
import JSONReader

/// The Netscape bookmark file every browser exports (`<!DOCTYPE NETSCAPE-Bookmark-file-1>`): read
/// with a parser of our own, not an HTML engine, because the file is input from anywhere and only
/// four of its tags mean anything (`DL` opens a folder's list, `H3` names a folder, `A` is a
/// bookmark, `/DL` closes). One pass over the bytes with an explicit stack of open folders: a file
/// nested 100,000 deep costs a stack of 100,000 integers and one pass, never recursion. Titles are
/// text: tags inside them are dropped, entities decoded, and nothing of them is ever markup.
public enum BookmarkHTML {
    /// What identifies the format; a file without it near its start is refused.
    static let doctype = Array("<!DOCTYPE NETSCAPE-Bookmark-file-1".utf8)
    /// How far into the file the doctype may sit (after a byte-order mark, blank lines, a comment).
    static let doctypeWindow = 4096
    /// The raw bytes of a title read at most (about eight per character of `Bookmarks.titleLimit`),
    /// so a title of hundreds of megabytes is skipped over, never copied.
    static let rawTitleLimit = Bookmarks.titleLimit * 8

    public static func read(contentsOf url: URL) throws(DataProblem) -> BookmarkImport {
        try parse(BookmarkFile.read(url), file: url.path)
    }

    public static func parse(_ data: Data, file: String) throws(DataProblem) -> BookmarkImport {
        guard data.count <= BookmarkFile.sizeLimit else { throw BookmarkFile.tooLarge(data.count, file: file) }
        let bytes = [UInt8](data)
        guard hasDoctype(bytes) else {
            throw DataProblem(severity: .fatal, file: file, line: 1,
                              message: "not a bookmark file: it does not start with <!DOCTYPE NETSCAPE-Bookmark-file-1>")
        }
        var reader = Reader(bytes: bytes)
        return reader.run()
    }

    static func hasDoctype(_ bytes: [UInt8]) -> Bool {
        let window = bytes.prefix(doctypeWindow)
        guard window.count >= doctype.count else { return false }
        for start in window.indices where start + doctype.count <= window.endIndex && window[start] == UInt8(ascii: "<") {
            if zip(doctype, window[start..<(start + doctype.count)]).allSatisfy({ upper($1) == upper($0) }) { return true }
        }
        return false
    }

    static func upper(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
    }

    /// The single pass. `open` holds, for each `<DL>` not yet closed, the import index its items go
    /// into (nil: the top); `pending` is the folder an `<H3>` just named, whose `<DL>` comes next.
    struct Reader {
        let bytes: [UInt8]
        var index = 0
        var result = BookmarkImport()
        var open: [Int?] = [nil]
        var pending: Int?? = nil

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func run() -> BookmarkImport {
            while let tag = nextTag() {
                switch (tag.closing, tag.name) {
                case (false, "DL"):
                    open.append(pending ?? (open.last ?? nil))
                    pending = nil
                case (true, "DL"):
                    if open.count > 1 { open.removeLast() }
                    pending = nil
                case (false, "H3"):
                    let title = text(closedBy: "H3")
                    pending = .some(result.addFolder(title: title, parent: open.last ?? nil, added: date(tag.attributes["ADD_DATE"])))
                case (false, "A"):
                    pending = nil
                    let title = text(closedBy: "A")
                    result.addBookmark(uri: BookmarkHTML.decodeEntities(tag.attributes["HREF"] ?? ""), title: title,
                                       parent: open.last ?? nil, added: date(tag.attributes["ADD_DATE"]))
                default:
                    continue
                }
            }
            return result
        }

        /// Seconds since 1970, as every exporter writes them; anything else is no date.
        func date(_ text: String?) -> Date? {
            guard let text, let seconds = Int64(text.prefix(20)), seconds > 0, seconds < 32_503_680_000 else { return nil }
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }

        struct Tag {
            var closing: Bool
            var name: String
            /// Only the attributes that mean something (`HREF`, `ADD_DATE`), upper-cased names.
            var attributes: [String: String]
        }

        static let kept: Set<String> = ["HREF", "ADD_DATE"]

        func isLetter(_ byte: UInt8) -> Bool {
            (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57)
        }

        func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 || byte == 12 }

        /// The next tag from `index`, which it leaves just past the tag's `>`; comments and
        /// declarations are skipped whole.
        mutating func nextTag() -> Tag? {
            while index < bytes.count {
                guard let lessThan = bytes[index...].firstIndex(of: UInt8(ascii: "<")) else {
                    index = bytes.count
                    return nil
                }
                index = lessThan + 1
                if bytes[index...].starts(with: Array("!--".utf8)) {
                    index = find(Array("-->".utf8), from: index + 3).map { $0 + 3 } ?? bytes.count
                    continue
                }
                var closing = false
                if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
                    closing = true
                    index += 1
                }
                let nameStart = index
                while index < bytes.count, isLetter(bytes[index]), index - nameStart < 16 { index += 1 }
                guard index > nameStart else { continue }
                let name = String(decoding: bytes[nameStart..<index].map(BookmarkHTML.upper), as: UTF8.self)
                let attributes = readAttributes(keep: name == "A" || name == "H3")
                return Tag(closing: closing, name: name, attributes: attributes)
            }
            return nil
        }

        /// Attributes up to the tag's `>` (quotes respected); values are kept only when asked and
        /// only for `kept` names, so an ICON of megabytes is passed over, not copied.
        mutating func readAttributes(keep: Bool) -> [String: String] {
            var found: [String: String] = [:]
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: ">") {
                    index += 1
                    return found
                }
                if isSpace(byte) || byte == UInt8(ascii: "/") {
                    index += 1
                    continue
                }
                let nameStart = index
                while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ">") {
                    index += 1
                }
                let name = keep ? String(decoding: bytes[nameStart..<min(index, nameStart + 16)].map(BookmarkHTML.upper), as: UTF8.self) : ""
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
                index += 1
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                guard index < bytes.count else { break }
                let valueStart: Int
                let valueEnd: Int
                let quote = bytes[index]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    valueStart = index + 1
                    valueEnd = bytes[valueStart...].firstIndex(of: quote) ?? bytes.count
                    index = min(valueEnd + 1, bytes.count)
                } else {
                    valueStart = index
                    while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                    valueEnd = index
                }
                if keep, Self.kept.contains(name), found[name] == nil {
                    // One byte over the address limit is enough to know it is too long.
                    let end = min(valueEnd, valueStart + Bookmarks.uriLimit * 2 + 1)
                    found[name] = String(decoding: bytes[valueStart..<end], as: UTF8.self)
                }
            }
            return found
        }

        /// The text after an `<A>` or `<H3>`, as plain text: up to its closing tag, or the next tag
        /// that starts an item or a list when the closing tag is missing (so a file of unclosed
        /// `<A>`s is still read in one pass). Tags inside are dropped; the rest is entity-decoded.
        mutating func text(closedBy name: String) -> String {
            let start = index
            var end = bytes.count
            var resume = bytes.count
            var cursor = index
            while let lessThan = bytes[cursor...].firstIndex(of: UInt8(ascii: "<")) {
                var probe = lessThan + 1
                let closing = probe < bytes.count && bytes[probe] == UInt8(ascii: "/")
                if closing { probe += 1 }
                let nameStart = probe
                while probe < bytes.count, isLetter(bytes[probe]), probe - nameStart < 4 { probe += 1 }
                let tagName = String(decoding: bytes[nameStart..<probe].map(BookmarkHTML.upper), as: UTF8.self)
                let boundary = probe < bytes.count && !isLetter(bytes[probe])
                if boundary && closing && tagName == name {
                    end = lessThan
                    resume = bytes[probe...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? bytes.count
                    break
                }
                if boundary && ["DT", "DL", "DD", "H3", "A"].contains(tagName) {
                    end = lessThan
                    resume = lessThan
                    break
                }
                cursor = probe
            }
            index = resume
            let raw = bytes[start..<min(end, start + BookmarkHTML.rawTitleLimit)]
            var plain: [UInt8] = []
            plain.reserveCapacity(raw.count)
            var inTag = false
            for byte in raw {
                if byte == UInt8(ascii: "<") { inTag = true } else if byte == UInt8(ascii: ">") && inTag { inTag = false } else if !inTag { plain.append(byte) }
            }
            return BookmarkHTML.decodeEntities(String(decoding: plain, as: UTF8.self))
        }

        func find(_ needle: [UInt8], from start: Int) -> Int? {
            var cursor = start
            while cursor + needle.count <= bytes.count,
                  let first = bytes[cursor...].firstIndex(of: needle[0]) {
                if first + needle.count <= bytes.count, bytes[first..<(first + needle.count)].elementsEqual(needle) { return first }
                cursor = first + 1
            }
            return nil
        }
    }

    static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "#39": "'",
    ]

    /// `&amp;`, `&lt;`, `&#60;`, `&#x3C;` and the like as the characters they stand for; an unknown
    /// or broken entity stays as written, a number that is no character becomes U+FFFD.
    public static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            output += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            let window = rest[afterAmpersand...].prefix(12)
            guard let semicolon = window.firstIndex(of: ";") else {
                output += "&"
                rest = rest[afterAmpersand...]
                continue
            }
            let name = String(rest[afterAmpersand..<semicolon])
            if let named = namedEntities[name.lowercased()] {
                output += named
            } else if name.hasPrefix("#") {
                let digits = name.dropFirst()
                let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                if let value {
                    let scalar = value == 0 ? nil : Unicode.Scalar(value)
                    output.unicodeScalars.append(scalar ?? "\u{FFFD}")
                } else {
                    output += "&" + name + ";"
                }
            } else {
                output += "&" + name + ";"
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        output += rest
        return output
    }

    /// Text safe inside an element or a quoted attribute: the error page's escaping, the same five characters.
    public static func escape(_ text: String) -> String { ErrorPage.escape(text) }

    /// The whole tree in Firefox's layout (other browsers read it as well), the Favourites folder
    /// first like any other; written with a stack of open folders, never recursion.
    public static func export(_ bookmarks: Bookmarks) -> String {
        var lines = [
            "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
            "<!-- This is an automatically generated file.",
            "     It will be read and overwritten.",
            "     DO NOT EDIT! -->",
            "<META HTTP-EQUIV=\"Content-Type\" CONTENT=\"text/html; charset=UTF-8\">",
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; script-src 'none'; img-src data: *; object-src 'none'\"></meta>",
            "<TITLE>Bookmarks</TITLE>",
            "<H1>Bookmarks</H1>",
            "",
            "<DL><p>",
        ]
        var stack: [(items: [Bookmark], next: Int)] = [(bookmarks.items(in: Bookmarks.rootID), 0)]
        while let top = stack.last {
            let indent = String(repeating: "    ", count: stack.count)
            guard top.next < top.items.count else {
                stack.removeLast()
                lines.append(String(repeating: "    ", count: stack.count) + (stack.isEmpty ? "</DL>" : "</DL><p>"))
                continue
            }
            let item = top.items[top.next]
            stack[stack.count - 1].next += 1
            let added = "ADD_DATE=\"\(Int64(max(item.added.timeIntervalSince1970, 0)))\""
            if let uri = item.uri {
                lines.append(indent + "<DT><A HREF=\"\(escape(uri))\" \(added)>\(escape(item.title))</A>")
            } else {
                lines.append(indent + "<DT><H3 \(added)>\(escape(item.title))</H3>")
                lines.append(indent + "<DL><p>")
                stack.append((bookmarks.items(in: item.id), 0))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
