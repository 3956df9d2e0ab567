import Foundation

/// Pages the `find` and `zoom` benches load from a temporary file (file: URL, no server): text of a
/// given size made from a fixed vocabulary, so that every run searches and lays out the same page.
enum GeneratedPages {
    /// The word `find` types; it occurs once in every `needleEvery` paragraphs of the long page.
    static let needle = "quartzite"
    static let needleEvery = 40

    private static let words = ("the of and to in is that for it as with was on be by this are from at or an have "
        + "browser window kernel package release network socket buffer frame layout render paint scroll "
        + "history session profile cookie storage request response header module target process thread").split(separator: " ")

    /// Deterministic filler: `count` words from the vocabulary.
    private static func sentence(_ seed: inout UInt64, count: Int) -> String {
        var out: [Substring] = []
        for _ in 0..<count {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            out.append(words[Int((seed >> 33) % UInt64(words.count))])
        }
        return out.joined(separator: " ")
    }

    /// Plain paragraphs of about `bytes` bytes, `needle` in one paragraph of every `needleEvery`.
    static func longText(bytes: Int) -> String {
        var html = "<!doctype html><html><head><meta charset=utf-8><title>Find bench</title></head><body>\n"
        var seed: UInt64 = 1
        var paragraph = 0
        while html.utf8.count < bytes {
            let text = sentence(&seed, count: 80)
            html += paragraph % needleEvery == 7 ? "<p>\(text) \(needle) \(text)</p>\n" : "<p>\(text)</p>\n"
            paragraph += 1
        }
        return html + "</body></html>\n"
    }

    /// A long documentation chapter of about `bytes` bytes: headings, paragraphs, lists, tables and
    /// code. `script` (the page's own frame log) goes in the head.
    static func chapter(bytes: Int, script: String) -> String {
        var html = "<!doctype html><html><head><meta charset=utf-8><title>Zoom bench</title>"
            + "<style>body{font:16px/1.5 sans-serif;max-width:50em;margin:auto}table{border-collapse:collapse}"
            + "td,th{border:1px solid #999;padding:2px 6px}pre{background:#eee;padding:8px}</style>"
            + "<script>\(script)</script></head><body>\n"
        var seed: UInt64 = 2
        var section = 0
        while html.utf8.count < bytes {
            section += 1
            html += "<h2>\(section). \(sentence(&seed, count: 4))</h2>\n"
            for _ in 0..<3 { html += "<p>\(sentence(&seed, count: 90))</p>\n" }
            html += "<h3>\(section).1 \(sentence(&seed, count: 3))</h3>\n<ul>\n"
            for _ in 0..<6 { html += "<li>\(sentence(&seed, count: 14))</li>\n" }
            html += "</ul>\n<table><tr><th>Option</th><th>Default</th><th>Meaning</th></tr>\n"
            for row in 0..<8 { html += "<tr><td><code>--\(sentence(&seed, count: 1))-\(row)</code></td><td>\(row * 16)</td><td>\(sentence(&seed, count: 12))</td></tr>\n" }
            html += "</table>\n<pre>\(sentence(&seed, count: 10))\n  \(sentence(&seed, count: 8))</pre>\n"
        }
        return html + "</body></html>\n"
    }

    /// Writes `html` to a new temporary file; the caller removes it.
    static func write(_ html: String, name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-bench-\(name)-\(getpid()).html")
        try Data(html.utf8).write(to: url)
        return url
    }
}
