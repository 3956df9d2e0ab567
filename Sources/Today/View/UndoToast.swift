import Foundation
import Gtk

/// A toast at the bottom of Today (and of the Subscriptions window), as GNOME apps show one (libadwaita's AdwToast, which Debian 12's
/// libadwaita lacks and Skiff does not use): what was just done, with Undo, for
/// `UndoToast.shownFor` seconds or until the next toast or Undo.
@MainActor
public final class UndoToast {
    /// How long a toast stays: GNOME's toasts stay 5 s; an undo that mass-changes articles gets
    /// twice that to be read and acted on.
    public static let shownFor: UInt32 = 10_000

    public let root = Revealer(transition: .slideUp)
    private let label = Label()
    private let undoButton = Button(label: "Undo")
    private var undo: (() -> Void)?
    private var generation = 0

    public init() {
        let row = Box(.horizontal, spacing: 12)
        row.addCSSClass("app-notification")
        row.addCSSClass("today-toast")
        label.wraps = true
        row.append(label)
        row.append(undoButton)
        let close = Button(iconName: "window-close-symbolic", accessibleLabel: "Dismiss")
        close.hasFrame = false
        close.onClicked { [weak self] in self?.hide() }
        row.append(close)
        root.setChild(row)
        root.halign = .center
        root.valign = .end
        root.hidesWhenSlidAway()
        undoButton.onClicked { [weak self] in
            guard let self else { return }
            let undo = self.undo
            self.hide()
            undo?()
        }
    }

    /// Shows `text` with Undo running `undo`; replaces a toast already shown (its undo is gone).
    public func show(_ text: String, undo: @escaping () -> Void) {
        generation += 1
        let shown = generation
        label.text = text
        self.undo = undo
        root.slideIn()
        MainLoop.after(milliseconds: Self.shownFor) { [weak self] in
            guard let self, self.generation == shown else { return }
            self.hide()
        }
    }

    public func hide() {
        undo = nil
        root.slideOut()
    }
}
