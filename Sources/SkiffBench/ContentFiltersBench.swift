import ArgumentParser
import ContentFilters
import Foundation

/// `skiff-bench content-filters`: EasyList and EasyPrivacy as Debian installs them, converted to WebKit's
/// content-blocker rules (issue 34, docs/content-blocking.md): the time of each whole conversion
/// (p50/p95/max), what it wrote and skipped, and the process's peak memory. WebKit's compile of the
/// result, and pages loaded with it, are `skiff-bench content-blocking`'s.
struct ContentFiltersBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "content-filters", abstract: "Convert the installed EasyList and EasyPrivacy to WebKit content-blocker JSON; time percentiles and memory.")

    @Option(help: "Timed conversions (at least 5).")
    var runs = 10

    func run() throws {
        let lists = FilterLists.installed()
        guard !lists.isEmpty else {
            throw ValidationError("No filter list is installed: tools/setup.sh installs webext-ublock-origin-chromium, which carries them.")
        }
        let runs = max(5, self.runs)
        var report = ["Skiff content-filters benchmark (\(runs) conversions after 1 warm-up)"]
        for list in lists { report.append(String(format: "  %@: %@ (%.2f MB)", list.name, list.path, Double(list.size) / 1_048_576)) }
        var output = FilterConverter.convert(lists)
        var times: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            output = FilterConverter.convert(lists)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        times.sort()
        report.append(String(format: "conversion: p50 %.0f ms, p95 %.0f ms, max %.0f ms", times[times.count / 2],
                             times[min(times.count - 1, times.count * 95 / 100)], times.last ?? 0))
        let bytes = output.chunks.reduce(0) { $0 + $1.json.count }
        report.append(String(format: "written: %d rules in %d chunk(s), %.1f MB of JSON", output.report.rulesWritten, output.chunks.count, Double(bytes) / 1_048_576))
        let skipped = output.report.skipped.sorted { $0.value.count > $1.value.count }
        report.append("skipped: \(skipped.reduce(0) { $0 + $1.value.count }) filters WebKit cannot express, "
                      + skipped.prefix(5).map { "\($0.key) \($0.value.count)" }.joined(separator: ", "))
        report.append("memory: peak \(Self.status("VmHWM"))")
        FileHandle.standardOutput.write(Data((report.joined(separator: "\n") + "\n").utf8))
    }

    private static func status(_ key: String) -> String {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix(key + ":") }
        return line.map { $0.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces) } ?? "?"
    }
}
