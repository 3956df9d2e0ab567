import ArgumentParser
import FeedFormat
import Foundation

/// `skiff-bench feed-parse`: the feed parser over generated feeds, as #28's figures ask (a 1,000-item
/// RSS 2.0 feed of about 2 MB in ≤ 20 ms, a 20-item one in ≤ 2 ms): p50/p95/max over many runs, and the
/// process's resident memory. No window: it measures FeedFormat alone.
struct FeedParseBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed-parse", abstract: "Parse generated RSS 2.0, Atom and JSON feeds of 20 and 1,000 items; time percentiles and memory.")

    @Option(help: "Timed runs per feed (at least 50).")
    var runs = 100

    @Option(help: "Only the feeds whose name contains this (\"RSS\", \"Atom\", \"JSON\"), e.g. to profile one.")
    var only: String?

    func run() throws {
        let runs = max(50, self.runs)
        var report = ["Skiff feed-parse benchmark (\(runs) runs per feed after 3 warm-up runs)"]
        let url = URL(string: "https://bench.example/feed")!
        let now = Date()
        for (name, count, text) in [
            ("RSS 2.0", 20, FeedBenchFeeds.rss(items: 20)),
            ("RSS 2.0", 1_000, FeedBenchFeeds.rss(items: 1_000)),
            ("Atom", 1_000, FeedBenchFeeds.atom(items: 1_000)),
            ("JSON Feed", 1_000, FeedBenchFeeds.json(items: 1_000)),
        ] where only.map({ name.localizedCaseInsensitiveContains($0) }) ?? true {
            let data = Data(text.utf8)
            var articles = 0
            for _ in 0..<3 { articles = (try? FeedParser.parse(data: data, url: url, httpCharset: nil, now: now).get())?.articles.count ?? -1 }
            var times: [Double] = []
            var cpu: [Double] = []
            times.reserveCapacity(runs)
            for _ in 0..<runs {
                let start = DispatchTime.now().uptimeNanoseconds
                let cpuStart = Self.threadCPU()
                _ = FeedParser.parse(data: data, url: url, httpCharset: nil, now: now)
                cpu.append((Self.threadCPU() - cpuStart) * 1e3)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            times.sort()
            cpu.sort()
            func percentiles(_ values: [Double]) -> String {
                String(format: "p50 %.2f ms, p95 %.2f ms, max %.2f ms", values[values.count / 2],
                       values[min(values.count - 1, values.count * 95 / 100)], values.last ?? 0)
            }
            report.append(String(format: "%@, %d items (%.2f MB, %d articles kept)", name, count, Double(data.count) / 1_048_576, articles))
            report.append("  wall: \(percentiles(times))")
            // The machine is shared: the thread's own CPU time is the figure load does not inflate.
            report.append("  thread CPU: \(percentiles(cpu))")
        }
        report.append("memory: resident \(Self.status("VmRSS")), peak \(Self.status("VmHWM"))")
        FileHandle.standardOutput.write(Data((report.joined(separator: "\n") + "\n").utf8))
    }

    private static func threadCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func status(_ key: String) -> String {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix(key + ":") }
        return line.map { $0.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces) } ?? "?"
    }
}

/// Feeds shaped like real ones: about 2 KB per item (an HTML description of a few paragraphs, a
/// media picture, a category, Dublin Core creator), dated one hour apart.
enum FeedBenchFeeds {
    private static let paragraph = "Lorem ipsum dolor sit amet, <b>consectetur</b> adipiscing elit, sed do eiusmod tempor "
        + "incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud &amp; exercitation ullamco."

    private static func html(_ index: Int) -> String {
        "<p><img src=\"/pictures/\(index).jpg\" width=\"800\" height=\"450\"></p>"
            + (0..<6).map { "<p>\($0 + 1). \(paragraph) <a href=\"https://bench.example/\(index)/\($0)\">more</a></p>" }.joined()
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    private static let start = Date(timeIntervalSince1970: 1_790_000_000)

    private static func date(_ index: Int, rfc822: Bool) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = rfc822 ? "EEE, dd MMM yyyy HH:mm:ss 'GMT'" : "yyyy-MM-dd'T'HH:mm:ss'Z'"
        return formatter.string(from: start.addingTimeInterval(Double(-index) * 3_600))
    }

    static func rss(items: Int) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
            <channel><title>Bench &amp; Co</title><link>https://bench.example/</link><description>Generated</description><ttl>60</ttl>

            """
        for index in 0..<items {
            text += """
                <item><title>Article number \(index) about &lt;i&gt;things&lt;/i&gt;</title>
                <link>https://bench.example/articles/\(index)</link><guid isPermaLink="false">bench-\(index)</guid>
                <pubDate>\(date(index, rfc822: true))</pubDate><dc:creator>Writer \(index % 7)</dc:creator><category>Cat \(index % 5)</category>
                <description>\(escaped(html(index)))</description>
                <media:content url="https://bench.example/pictures/\(index)-large.jpg" medium="image" width="1600" height="900"/>
                </item>

                """
        }
        return text + "</channel></rss>\n"
    }

    static func atom(items: Int) -> String {
        var text = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom"><title>Bench</title><link href="https://bench.example/"/><id>urn:bench</id>
            <updated>\(date(0, rfc822: false))</updated>

            """
        for index in 0..<items {
            text += """
                <entry><title type="html">Article number \(index) about &lt;i&gt;things&lt;/i&gt;</title>
                <link rel="alternate" type="text/html" href="https://bench.example/articles/\(index)"/><id>urn:bench:\(index)</id>
                <published>\(date(index, rfc822: false))</published><updated>\(date(index, rfc822: false))</updated>
                <author><name>Writer \(index % 7)</name></author>
                <content type="html">\(escaped(html(index)))</content></entry>

                """
        }
        return text + "</feed>\n"
    }

    static func json(items: Int) -> String {
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let entries = (0..<items).map { index in
            """
            {"id": "bench-\(index)", "url": "https://bench.example/articles/\(index)", "title": "Article number \(index)",
             "content_html": \(quoted(html(index))), "date_published": "\(date(index, rfc822: false))",
             "authors": [{"name": "Writer \(index % 7)"}], "image": "https://bench.example/pictures/\(index).jpg"}
            """
        }
        return """
            {"version": "https://jsonfeed.org/version/1.1", "title": "Bench", "home_page_url": "https://bench.example/",
             "items": [\(entries.joined(separator: ",\n"))]}
            """
    }
}
