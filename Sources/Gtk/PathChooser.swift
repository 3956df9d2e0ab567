import CGtk
import Foundation

/// GTK's file dialog asking for one file: where a file goes (`save`) or which file to read (`open`).
/// It asks once; `answer` gets the chosen path, or nil when the user cancelled. `FileDialog` picks
/// GtkFileDialog or GtkFileChooserNative for the GTK running.
@MainActor
public final class PathChooser {
    /// Files the open dialog offers first ("OPML files": `*.opml`, `*.xml`); "All Files" is offered too.
    public struct Filter: Sendable {
        public let name: String
        public let patterns: [String]
        public init(name: String, patterns: [String]) {
            self.name = name
            self.patterns = patterns
        }
    }

    private let mode: SkiffFileDialogMode
    private let title: String
    private let folder: String
    private let name: String?
    private let filter: Filter?
    private weak var parent: Widget?

    private init(mode: SkiffFileDialogMode, title: String, folder: String, name: String?, filter: Filter?, parent: Widget?) {
        (self.mode, self.title, self.folder, self.name, self.filter, self.parent) = (mode, title, folder, name, filter, parent)
    }

    /// Where one file goes: `name` is the name offered, `folder` where the dialog opens.
    public static func save(title: String, name: String, folder: String, transientFor parent: Widget?) -> PathChooser {
        PathChooser(mode: SKIFF_FILE_DIALOG_SAVE, title: title, folder: folder, name: name, filter: nil, parent: parent)
    }

    /// Which file to read, from `folder`; `filter`'s files shown first.
    public static func open(title: String, folder: String, filter: Filter, transientFor parent: Widget?) -> PathChooser {
        PathChooser(mode: SKIFF_FILE_DIALOG_OPEN, title: title, folder: folder, name: nil, filter: filter, parent: parent)
    }

    /// Shows the dialog; `answer` is called once, with the chosen file's path or nil.
    public func ask(_ answer: @escaping @MainActor (String?) -> Void) {
        FileDialog.ask(mode: mode, title: title, accept: mode == SKIFF_FILE_DIALOG_SAVE ? "_Save" : "_Open", folder: folder, name: name,
                       filters: filter.map { [.patterns(name: $0.name, $0.patterns)] } ?? [], over: parent) { paths in
            answer(paths?.first)
        }
    }
}
