/// Dialogs a page's scripts ask for (`alert`, `confirm`, `prompt`, "leave this page?"), one tab's
/// worth: when the "Don't allow more dialogs from this page" choice is offered and whether it was
/// taken (docs/browser.md, "Dialogs pages ask for"). The view feeds it arrivals and answers.
public struct ScriptDialogRun: Equatable, Sendable {
    /// Dialogs in a row after which the next ones offer "Don't allow more dialogs from this page".
    public static let offerAfter = 3
    /// A dialog arriving within this many seconds of the previous one's answer continues the row.
    public static let rowGap = 5.0
    /// The longest message shown, in characters (the rest is cut, with "…").
    public static let maximumMessageLength = 2000
    /// The longest text a prompt's field takes (and the longest default text shown in it).
    public static let maximumPromptLength = 10_000

    public enum Arrival: Equatable, Sendable {
        /// Show it; `offersBlocking`: with the "Don't allow more dialogs" choice.
        case show(offersBlocking: Bool)
        /// The page chose to be quiet: answer it Cancel without showing anything.
        case answerCancel
    }

    private var inRow = 0
    private var lastAnswer: Double?
    public private(set) var isBlocked = false

    public init() {}

    /// A dialog arrived at `now` (seconds on any steady clock).
    public mutating func arrived(now: Double) -> Arrival {
        if isBlocked { return .answerCancel }
        if let last = lastAnswer, now - last <= Self.rowGap { inRow += 1 } else { inRow = 1 }
        return .show(offersBlocking: inRow > Self.offerAfter)
    }

    /// The shown dialog was answered at `now`; `blockingMore`: the choice was ticked.
    public mutating func answered(now: Double, blockingMore: Bool) {
        lastAnswer = now
        if blockingMore { isBlocked = true }
    }

    /// The tab went to another page: its dialogs are allowed again and the row starts over.
    public mutating func navigated() { self = ScriptDialogRun() }

    /// `message` as shown: at most `maximumMessageLength` characters.
    public static func shown(_ message: String) -> String {
        message.count <= maximumMessageLength ? message : String(message.prefix(maximumMessageLength)) + "…"
    }
}
