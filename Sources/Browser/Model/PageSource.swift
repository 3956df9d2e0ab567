import Foundation

/// A page's source as Skiff shows it (Ctrl+U): the HTML it was loaded with, escaped, with line
/// numbers and colours for tags, attributes, values and comments, in the reader's light or dark
/// style — as GNOME Web shows it. Built here, shown by a tab as plain HTML with no script of its own
/// (docs/browser.md, "Page source").
public enum PageSource {
    /// At most this much of the source is shown (bytes); the rest is counted, not shown.
    public static let shownLimit = 8 * 1024 * 1024
    /// Longer lines are coloured only up to here, so one minified megabyte-long line stays cheap.
    public static let colouredLineLimit = 20_000

    public static func title(for address: String) -> String { "Source of \(address)" }

    /// The document showing `source` (the page's bytes, decoded as UTF-8 with replacements).
    public static func html(source data: Data, address: String) -> String {
        let shown = data.prefix(shownLimit)
        let text = String(decoding: shown, as: UTF8.self)
        var out = """
        <!doctype html><html><head><meta charset="utf-8"><title>\(escape(title(for: address)))</title>
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
        <style>
        :root { color-scheme: light dark; --fg: #241f31; --bg: #ffffff; --num: #9a9996; --tag: #1a5fb4; --attr: #813d9c; --val: #26a269; --com: #77767b; }
        @media (prefers-color-scheme: dark) { :root { --fg: #deddda; --bg: #1e1e1e; --num: #77767b; --tag: #62a0ea; --attr: #dc8add; --val: #8ff0a4; --com: #9a9996; } }
        body { margin: 0; background: var(--bg); color: var(--fg); font: 13px/1.45 monospace; }
        table { border-collapse: collapse; }
        td.n { color: var(--num); text-align: right; padding: 0 12px 0 8px; user-select: none; vertical-align: top; }
        td.l { white-space: pre-wrap; word-break: break-all; padding-right: 8px; }
        .t { color: var(--tag); } .a { color: var(--attr); } .v { color: var(--val); } .c { color: var(--com); font-style: italic; }
        p.more { color: var(--num); padding: 8px; }
        </style></head><body><table>
        """
        var number = 0
        var inComment = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            out += "<tr><td class=n>\(number)</td><td class=l>"
            if line.utf8.count > colouredLineLimit {
                out += escape(String(line))
            } else {
                out += colour(line, inComment: &inComment)
            }
            out += "</td></tr>\n"
        }
        out += "</table>"
        if data.count > shownLimit {
            out += "<p class=more>… \(data.count - shownLimit) more bytes not shown (the first \(shownLimit / 1_048_576) MB are).</p>"
        }
        return out + "</body></html>"
    }

    /// One line, coloured: `<tag attr="value">`, `<!-- comments -->` (which may span lines).
    static func colour(_ line: Substring, inComment: inout Bool) -> String {
        var out = ""
        var rest = line[...]
        while !rest.isEmpty {
            if inComment {
                if let end = rest.range(of: "-->") {
                    out += "<span class=c>\(escape(String(rest[..<end.upperBound])))</span>"
                    rest = rest[end.upperBound...]
                    inComment = false
                } else {
                    out += "<span class=c>\(escape(String(rest)))</span>"
                    rest = rest[rest.endIndex...]
                }
            } else if rest.hasPrefix("<!--") {
                inComment = true
            } else if rest.hasPrefix("<"), let close = rest.firstIndex(of: ">") {
                out += tag(rest[...close])
                rest = rest[rest.index(after: close)...]
            } else {
                let next = rest.dropFirst().firstIndex(of: "<") ?? rest.endIndex
                out += escape(String(rest[..<next]))
                rest = rest[next...]
            }
        }
        return out
    }

    /// `<a href="x">`: the name in the tag colour, attribute names and quoted values in theirs.
    static func tag(_ text: Substring) -> String {
        var rest = text[...]
        // "<", "</", "<!" or "<?", then the name.
        var start = rest.index(after: rest.startIndex)
        if start < rest.endIndex, "/!?".contains(rest[start]) { start = rest.index(after: start) }
        let nameEnd = rest[start...].firstIndex { $0.isWhitespace || $0 == ">" || $0 == "/" } ?? rest.endIndex
        var out = "<span class=t>" + escape(String(rest[..<nameEnd])) + "</span>"
        rest = rest[nameEnd...]
        while let first = rest.first {
            if first == "\"" || first == "'" {
                let end = rest.dropFirst().firstIndex(of: first).map { rest.index(after: $0) } ?? rest.endIndex
                out += "<span class=v>\(escape(String(rest[..<end])))</span>"
                rest = rest[end...]
            } else if first == ">" || first == "/" {
                out += "<span class=t>\(escape(String(first)))</span>"
                rest = rest.dropFirst()
            } else if first.isWhitespace || first == "=" {
                out += escape(String(first))
                rest = rest.dropFirst()
            } else {
                let end = rest.firstIndex { $0.isWhitespace || $0 == "=" || $0 == ">" || $0 == "/" || $0 == "\"" || $0 == "'" } ?? rest.endIndex
                out += "<span class=a>\(escape(String(rest[..<end])))</span>"
                rest = rest[end...]
            }
        }
        return out
    }

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            // Bidirectional overrides and isolates are shown, never obeyed (the source of a page
            // must read as it is).
            case "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}":
                out += String(format: "\\u{%04X}", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
