import ArgumentParser
import Browser
import Foundation
import Gtk
import SkiffApp

/// `skiff-bench passwords` (issue 34, docs/browser.md "Passwords in forms"): what the passwords script
/// costs every page, how soon a login is offered for saving, and a new password a strong one. A window that is not private (a
/// private one gets no script), pages served by python3's http.server: the script's own run over a
/// chapter of the Debian Reference (304 KB, about 9,000 elements, no form), timed in the page, and a
/// login typed into a form and submitted, to the Save bar shown. Run with XDG_* folders of its own
/// (make bench does): the window keeps history like any other. No keyring is reached (no session bus
/// under make bench), so the look-up fails at once and the bar comes as fast as Skiff can bring it.
struct PasswordsBench: MainActorBench {
    static let configuration = CommandConfiguration(
        commandName: "passwords",
        abstract: "The passwords script's cost on a long page, a login form's submit to the Save bar, a new password's focus to the suggestion.")
    @OptionGroup var app: Options
    @Option(help: "Runs of each measurement.")
    var runs = 20

    @MainActor func runOnMain() throws {
        let runs = max(3, runs)
        try BenchLaunch.run(app) { host, quit in
            host.windowShown = { window in
                BenchRun.start({ await PasswordsBenchmark.run(window: window, runs: runs) }, then: quit)
            }
        }
    }
}

@MainActor
enum PasswordsBenchmark {
    static func run(window: MainWindow, runs: Int) async {
        var report = [BenchLaunch.title("passwords benchmark") + (window.browser.isPrivate ? " — a private window: no script, nothing measured" : "")]
        guard !window.browser.isPrivate else { return BenchRun.emit(report) }
        let served = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-bench-passwords-\(getpid())")
        defer { try? FileManager.default.removeItem(at: served) }
        do {
            try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: "/usr/share/debian-reference/ch02.en.html", toPath: served.appendingPathComponent("docs.html").path)
            try """
                <!doctype html><title>Sign in</title><form action="welcome.html">
                <input id="user" type="email" autocomplete="username"><input id="password" type="password"><button>Sign in</button></form>
                """.write(to: served.appendingPathComponent("login.html"), atomically: true, encoding: .utf8)
            try """
                <!doctype html><title>Sign up</title><form action="welcome.html"><input id="user" type="email" autocomplete="username">
                <input id="new" type="password" autocomplete="new-password"><input type="password" autocomplete="new-password"><button>Sign up</button></form>
                """.write(to: served.appendingPathComponent("signup.html"), atomically: true, encoding: .utf8)
            try "<!doctype html><title>Welcome</title>Signed in".write(to: served.appendingPathComponent("welcome.html"), atomically: true, encoding: .utf8)
        } catch { return BenchRun.emit(report + ["could not write the pages: \(error)"]) }
        guard let server = LoopbackServer(directory: served) else { return BenchRun.emit(report + ["python3 -m http.server did not start"]) }
        defer { server.stop() }
        let browser = window.browser
        guard let view = browser.webView else { return BenchRun.emit(report + ["no web view (sandbox)"]) }
        var finished = false
        view.onLoadChanged { event in if event == .finished { finished = true } }
        func load(_ uri: String) async -> Bool {
            finished = false
            let start = FrameStats.monotonicNow
            browser.load(uri)
            while !finished, FrameStats.monotonicNow - start < 30 { await BenchRun.sleep(0.002) }
            return finished
        }
        func answer(_ script: String) async -> String? {
            var result: String??
            view.evaluate(script) { result = .some($0) }
            while result == nil { await BenchRun.sleep(0.001) }
            return result ?? nil
        }
        let base = "http://127.0.0.1:\(server.port)"
        guard await load("\(base)/docs.html") else { return BenchRun.emit(report + ["the Debian Reference did not load"]) }
        // The script's first pass as it runs at the end of every document: the same source, in the
        // page's world, given a stand-in for Skiff's channel (it has nothing to post on this page).
        let source = FormPasswordScript.source
        var passes: [Double] = []
        for _ in 0..<runs {
            let channel = "{ webkit: { messageHandlers: { skiffPasswords: { postMessage() {} } } } }"
            // performance.now() is coarse in WebKit (whole milliseconds): 20 passes a sample.
            let timed = "((window) => { const t = performance.now(); for (let i = 0; i < 20; i++) { \(source) } return String((performance.now() - t) / 20); })(\(channel))"
            if let text = await answer(timed), let ms = Double(text) { passes.append(ms) }
        }
        let elements = await answer("String(document.getElementsByTagName('*').length)") ?? "?"
        report.append(Benchmark.percentileLine("the script's pass over the Debian Reference ch. 2 (\(elements) elements)", passes))
        var offers: [Double] = []
        for run in 0..<runs {
            guard await load("\(base)/login.html?run=\(run)") else { return BenchRun.emit(report + ["the login page did not load"]) }
            let start = FrameStats.monotonicNow
            _ = await answer("document.getElementById('user').value = 'ada\(run)@example.org'; document.getElementById('password').value = 'secret \(run)'; document.forms[0].requestSubmit(); ''")
            while !browser.passwordBarShown, FrameStats.monotonicNow - start < 10 { await BenchRun.sleep(0.001) }
            guard browser.passwordBarShown else { return BenchRun.emit(report + ["no Save bar after the submit"]) }
            offers.append((FrameStats.monotonicNow - start) * 1000)
            while !finished, FrameStats.monotonicNow - start < 10 { await BenchRun.sleep(0.002) }
        }
        report.append(Benchmark.percentileLine("a login submitted to the Save bar shown", offers))
        var suggestions: [Double] = []
        for run in 0..<runs {
            guard await load("\(base)/signup.html?run=\(run)") else { return BenchRun.emit(report + ["the sign-up page did not load"]) }
            let left = FrameStats.monotonicNow
            while browser.passwordBarShown, FrameStats.monotonicNow - left < 10 { await BenchRun.sleep(0.001) }
            let start = FrameStats.monotonicNow
            _ = await answer("document.getElementById('new').focus(); ''")
            while !browser.passwordBarShown, FrameStats.monotonicNow - start < 10 { await BenchRun.sleep(0.001) }
            guard browser.passwordBarShown else { return BenchRun.emit(report + ["no suggestion after the new password's focus"]) }
            suggestions.append((FrameStats.monotonicNow - start) * 1000)
        }
        report.append(Benchmark.percentileLine("a new password's focus to the suggested-password bar shown", suggestions))
        report.append(String(format: "memory after: UI process %.0f MB", ProcessClock.memory().selfMB))
        BenchRun.emit(report)
    }
}
