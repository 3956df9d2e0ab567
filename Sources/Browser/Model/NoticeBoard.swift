/// What the browser has to tell the user about its own data, apart from any page: the browsing
/// data was moved aside, opened read-only, can't be saved.
///
/// Kept apart from a tab's crash banner (which belongs to one page and goes away with the next
/// page event) so that a notice posted before the first page loads — a database moved aside at
/// start-up, with a URL given on the command line — is still there when the page is.
public struct NoticeBoard: Equatable, Sendable {
    public enum Kind: Int, Comparable, Sendable {
        /// Saving is failing right now. Stays until a save works again; can't be dismissed, since
        /// every change made meanwhile is at stake.
        case saveFailing = 0
        /// A question that holds something up (a download nobody clicked for): answered with its
        /// own buttons, never merely dismissed.
        case question = 1
        /// Something happened once (moved aside, read-only, a download failed): stays until the
        /// user dismisses it.
        case information = 2
        /// A download finished: stays until dismissed or until the next one replaces it.
        case downloaded = 3

        public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    /// A button on a notice, with what it does (the view performs it).
    public struct Action: Equatable, Sendable {
        public enum Effect: Equatable, Sendable {
            case openFile(path: String)
            case showInFolder(path: String)
            /// The answer to "a site wants to download a file": save it, or not.
            case saveDownload(id: String)
            case refuseDownload(id: String)
        }
        public let label: String
        public let effect: Effect
        public init(_ label: String, _ effect: Effect) { self.label = label; self.effect = effect }
    }

    public struct Notice: Equatable, Sendable {
        public let kind: Kind
        public let text: String
        public var actions: [Action] = []
        public var isDismissible: Bool { kind != .saveFailing && kind != .question }
    }

    private var notices: [Notice] = []

    public init() {}

    /// The notice to show: a save failing first (it is the one the user can still do something
    /// about), then the oldest information not yet dismissed.
    public var current: Notice? {
        notices.enumerated().min { ($0.element.kind, $0.offset) < ($1.element.kind, $1.offset) }?.element
    }

    public var count: Int { notices.count }

    /// Adds a one-off notice. The same text twice is shown once.
    public mutating func inform(_ text: String) {
        guard !notices.contains(Notice(kind: .information, text: text)) else { return }
        notices.append(Notice(kind: .information, text: text))
    }

    /// A question answered by one of `actions`; it stays until `answered` removes it.
    public mutating func ask(_ text: String, actions: [Action]) {
        notices.append(Notice(kind: .question, text: text, actions: actions))
    }

    /// Takes back a notice that no longer holds (a failed download being tried again).
    public mutating func withdraw(_ text: String) {
        notices.removeAll { $0.text == text && $0.kind != .saveFailing }
    }

    /// Removes the question (or any notice) that offered `action`.
    public mutating func answered(_ action: Action) {
        notices.removeAll { $0.actions.contains(action) }
    }

    /// A finished download, with what can be done with it: replaces the previous download's notice.
    public mutating func downloaded(_ text: String, actions: [Action]) {
        notices.removeAll { $0.kind == .downloaded }
        notices.append(Notice(kind: .downloaded, text: text, actions: actions))
    }

    /// Saving failed (`problem` set) or works again (nil). A new reason replaces the old one.
    public mutating func saving(failedBecause problem: String?) {
        notices.removeAll { $0.kind == .saveFailing }
        if let problem {
            notices.append(Notice(kind: .saveFailing,
                                  text: "Your tabs, history and favourites can’t be saved: \(problem). Skiff keeps trying; nothing is lost while it stays open."))
        }
    }

    /// Hides the current notice if it may be hidden; returns whether it was.
    @discardableResult
    public mutating func dismissCurrent() -> Bool {
        guard let current, current.isDismissible, let index = notices.firstIndex(of: current) else { return false }
        notices.remove(at: index)
        return true
    }
}
