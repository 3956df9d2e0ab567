import Browser
import ContentFilters
import Foundation
import Gtk

/// Preferences' "Content blocking": the switch, the lists in use with their dates and rule counts,
/// and what WebKit could not be given (docs/content-blocking.md). Follows the blocker while the
/// window is open, so "Preparing…" turns into the lists when the first compile ends.
@MainActor
final class ContentBlockingPreferences: ContentBlockerWatcher {
    let root = Box(.vertical, spacing: 6)
    private let blocker: ContentBlocker
    private let check = CheckButton(label: "Block ads and trackers")
    private let details = Box(.vertical, spacing: 2)

    init(blocker: ContentBlocker, changed: @escaping @MainActor (Bool) -> Void) {
        self.blocker = blocker
        let heading = Label("Content blocking")
        heading.addCSSClass("heading")
        heading.setXAlign(0)
        root.append(heading)
        check.isActive = blocker.isEnabled
        check.onToggled { [weak self] in
            guard let self else { return }
            self.blocker.isEnabled = self.check.isActive
            changed(self.check.isActive)
        }
        root.append(check)
        details.setAccessibleLabel("Filter lists")
        root.append(details)
        blocker.watch(self)
        fill()
    }

    func contentFiltersChanged() { fill() }

    private func fill() {
        details.removeAll()
        for line in Self.lines(status: blocker.status, compiled: blocker.compiled) {
            let label = Label(line)
            label.wraps = true
            label.maxWidthChars = 60
            label.setXAlign(0)
            label.addCSSClass("dim-label")
            label.setAccessibleLabel(line)
            details.append(label)
        }
    }

    /// What the section says under the switch.
    static func lines(status: ContentBlocker.Status, compiled: CompiledFilters?) -> [String] {
        var lines: [String]
        switch status {
        case .off: lines = ["Pages load every ad and tracker they ask for."]
        case .noLists:
            return ["No filter list is installed: install the package webext-ublock-origin-chromium "
                    + "(or webext-ublock-origin-firefox), which brings EasyList and EasyPrivacy."]
        case .preparing: lines = ["Preparing the lists, once: pages load unfiltered until this is done."]
        case .failed(let problem): lines = ["Blocking is not working: \(problem)."]
        case .ready: lines = []
        }
        guard let compiled, status != .preparing else { return lines }
        let dates = DateFormatter()
        dates.dateStyle = .long
        dates.timeStyle = .none
        for list in compiled.report.lists {
            let date = compiled.lists.first { $0.name == list.name }.map { dates.string(from: $0.modified) }
            if let failure = list.failure {
                lines.append("\(list.name): not read (\(failure))")
            } else {
                lines.append("\(list.name): \(count(list.rulesWritten)) rules" + (date.map { ", list of \($0)" } ?? ""))
            }
        }
        let unsupported = compiled.report.lists.reduce(0) { $0 + $1.unsupportedFilters }
        let unreadable = compiled.report.lists.reduce(0) { $0 + $1.unreadableLines }
        let pastLimit = compiled.report.lists.reduce(0) { $0 + $1.pastRuleLimit }
        if unsupported > 0 { lines.append("\(count(unsupported)) filters WebKit cannot express were left out.") }
        if unreadable > 0 { lines.append("\(count(unreadable)) lines were not filters and were skipped.") }
        if pastLimit > 0 { lines.append("\(count(pastLimit)) filters past the limit of \(count(FilterLimits.standard.maximumRules)) rules were not used.") }
        return lines
    }

    private static func count(_ number: Int) -> String {
        number.formatted(.number.grouping(.automatic))
    }
}
