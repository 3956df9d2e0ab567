import Foundation
import Gtk

/// What the Today section shows instead of a blank window when its feed cannot be shown at all:
/// a status page in GNOME's manner — a large symbol, what went wrong in words, where (the file's
/// name, line and column), the other problems as a readable list, and a way to try again.
/// Nothing in it is selectable: a focused selectable label selects all its text, which reads as
/// an error in itself.
@MainActor
final class ErrorView {
    static let maximumListed = 8
    let root = Box(.vertical, spacing: 12)
    private let messageLabel = Label()
    private let retry = Button(label: "Try Again")
    var onRetry: (() -> Void)?

    /// - Parameters:
    ///   - place: where the fatal problem is ("feed.json, line 8, column 9"), or nil for the file as a whole.
    ///   - others: further problems, already worded for a reader.
    init(title: String, message: String, place: String?, others: [String] = []) {
        root.addCSSClass("today-error")
        root.valign = .center
        root.halign = .center
        root.setMargins(top: 32, bottom: 32, start: 32, end: 32)
        let icon = Image(iconName: "dialog-warning-symbolic", pixelSize: 96)
        icon.addCSSClass("today-error-icon")
        icon.setAccessibleLabel("Warning")
        let heading = Label(heading: title)
        heading.addCSSClass("title-1")
        heading.wraps = true
        messageLabel.text = Self.sentence(message)
        messageLabel.wraps = true
        messageLabel.maxWidthChars = 60
        messageLabel.addCSSClass("today-error-message")
        root.append(icon)
        root.append(heading)
        root.append(messageLabel)
        if let place {
            let placeLabel = Label(place)
            placeLabel.addCSSClass("today-error-place")
            root.append(placeLabel)
            self.placeLabel = placeLabel
        }
        if !others.isEmpty {
            let list = Box(.vertical, spacing: 4)
            list.addCSSClass("today-error-list")
            list.setAccessibleLabel("Other problems")
            for line in others.prefix(Self.maximumListed) {
                let row = Label("• " + line)
                row.wraps = true
                row.maxWidthChars = 70
                row.setXAlign(0)
                list.append(row)
            }
            if others.count > Self.maximumListed {
                list.append(Label("and \(others.count - Self.maximumListed) more"))
            }
            root.append(list)
        }
        retry.halign = .center
        retry.addCSSClass("suggested-action")
        retry.addCSSClass("pill")
        retry.onClicked { [weak self] in self?.onRetry?() }
        root.append(retry)
    }

    /// Focus goes to the action.
    func focusDefault() { retry.grabFocus() }

    /// The whole text a reader gets: the message and where it is.
    var message: String { [messageLabel.text, placeLabel?.text].compactMap { $0 }.joined(separator: " ") }
    private var placeLabel: Label?

    /// "expected ',' …" → "Expected ',' …." — a message as a sentence.
    static func sentence(_ message: String) -> String {
        guard let first = message.first else { return message }
        let capitalised = first.uppercased() + message.dropFirst()
        return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
    }
}
