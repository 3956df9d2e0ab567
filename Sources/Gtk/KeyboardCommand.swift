import CGtk
import Foundation

/// One command as menus, shortcuts and the Keyboard Shortcuts window know it: an action name
/// ("new-tab", reached as "win.new-tab"), a title, and its accelerators in GTK's syntax.
/// A command with no `run` is listed only: a key a widget handles itself (arrows in a list).
public struct KeyboardCommand: Sendable {
    public let name: String
    public let title: String
    public let accelerators: [String]
    public let run: (@MainActor @Sendable () -> Void)?

    public init(_ name: String, _ title: String, _ accelerators: [String], run: (@MainActor @Sendable () -> Void)? = nil) {
        self.name = name
        self.title = title
        self.accelerators = accelerators
        self.run = run
    }
}

/// Commands under a heading ("Tabs", "Today").
public struct CommandGroup: Sendable {
    public let title: String
    public let commands: [KeyboardCommand]
    public init(_ title: String, _ commands: [KeyboardCommand]) {
        self.title = title
        self.commands = commands
    }
}

/// Accelerators in GTK's syntax.
public enum Accelerator {
    /// `accelerator` as GTK writes it ("<Control>l" for "<Ctrl>L"); nil if GTK cannot read it.
    public static func normalized(_ accelerator: String) -> String? {
        var key: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        guard gtk_accelerator_parse(accelerator, &key, &modifiers) != 0, key != 0 || modifiers.rawValue != 0 else { return nil }
        guard let name = gtk_accelerator_name(key, modifiers) else { return nil }
        defer { g_free(name) }
        return String(cString: name)
    }
}

extension ActionGroup {
    /// Each command that runs becomes an action of the group, and its keys the application's for
    /// "prefix.name": GTK handles them in every window of the application before the focused
    /// widget (whatever has the focus), and menus show them. Commands sharing a key must never be
    /// enabled together: GTK runs the first enabled one.
    public func add(_ commands: [KeyboardCommand], prefix: String, keysIn application: Application?) {
        for command in commands {
            guard let run = command.run else { continue }
            add(command.name) { run() }
            application?.setAccelerators(command.accelerators, for: "\(prefix).\(command.name)")
        }
    }
}

/// GTK's Keyboard Shortcuts window, written from the same command list the shortcuts are made of,
/// so it can never disagree with them.
///
/// GTK 4.18 deprecates GtkShortcutsWindow, pointing to libadwaita's AdwShortcutsDialog, which Debian 12
/// does not have (libadwaita 1.2) and Skiff does not use. This is the one place that names it, in
/// GtkBuilder XML where no compiler warns; it still works on 4.18 and stays until GTK 5 removes it.
/// The plan, written in docs/platforms.md: a dialog of Skiff's own built from `CommandGroup`s (a
/// GtkListBox per group with each command's title and keycaps), when Debian 12 support ends or GTK 5
/// arrives, whichever comes first.
@MainActor
public enum ShortcutsWindow {
    public static func make(groups: [CommandGroup], transientFor parent: Window?) -> Window? {
        let xml = builderXML(groups: groups)
        guard let builder = gtk_builder_new_from_string(xml, -1) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        guard let object = gtk_builder_get_object(builder, "shortcuts") else { return nil }
        // GTK 4.8 reverses the order of pages each time it reflows a section of several (once per group
        // GtkBuilder adds): the groups go in on one tall page, then one reflow splits it in order.
        if let section = gtk_builder_get_object(builder, "section") { skiff_set_int(section, "max-height", Int32(linesPerColumn)) }
        let window = Window(retaining: UnsafeMutableRawPointer(object))
        if let parent { gtk_window_set_transient_for(window.window, parent.window) }
        gtk_window_set_modal(window.window, 1)
        renameKeycaps(in: window.widget)
        return window
    }

    /// Shortcut lines (a group's title counts as one) per column; two columns make a page.
    static let linesPerColumn = 12

    /// Names GTK's keycaps show raw (GtkShortcutLabel labels Page_Up with the keysym's own name, which
    /// only a translation turns into words), as a reader says them.
    static let keycapNames = ["Page_Up": "Page Up", "Page_Down": "Page Down", "BackSpace": "Backspace"]

    private static func renameKeycaps(in parent: UnsafeMutablePointer<GtkWidget>) {
        var child = gtk_widget_get_first_child(parent)
        while let current = child {
            child = gtk_widget_get_next_sibling(current)
            if skiff_is_a(UnsafeMutableRawPointer(current), gtk_label_get_type()) != 0 {
                let label = OpaquePointer(current)
                if let text = gtk_label_get_text(label), let name = keycapNames[String(cString: text)] {
                    gtk_label_set_text(label, name)
                }
            }
            renameKeycaps(in: current)
        }
    }

    /// The groups as the window lists them: only commands with keys, and a group longer than a column
    /// split into parts ("Browser", "Browser, continued"). GTK never splits a group, so one of 25
    /// commands made a column — and the window — 1,218 px tall, taller than a laptop's screen.
    static func columnSized(_ groups: [CommandGroup]) -> [CommandGroup] {
        let perColumn = linesPerColumn - 1
        return groups.flatMap { group -> [CommandGroup] in
            let shown = group.commands.filter { !$0.accelerators.isEmpty }
            return stride(from: 0, to: shown.count, by: perColumn).map { start in
                CommandGroup(start == 0 ? group.title : "\(group.title), continued", Array(shown[start..<min(start + perColumn, shown.count)]))
            }
        }
    }

    /// Keys that differ only in a digit running up by one ("<Control>1" … "<Control>5") as one range,
    /// which GTK draws "Ctrl + 1 ⋯ Ctrl + 5": listed one by one, Home's five tab keys made the
    /// window wider than a 1280 px screen.
    static func ranged(_ accelerators: [String]) -> [String] {
        func split(_ accelerator: String) -> (prefix: Substring, digit: Int)? {
            guard let last = accelerator.last, let digit = last.wholeNumberValue, last.isASCII else { return nil }
            return (accelerator.dropLast(), digit)
        }
        var out: [String] = []
        var index = 0
        while index < accelerators.count {
            var end = index
            if let first = split(accelerators[index]) {
                while end + 1 < accelerators.count, let next = split(accelerators[end + 1]),
                      next.prefix == first.prefix, next.digit == first.digit + (end + 1 - index) { end += 1 }
            }
            out.append(end - index >= 2 ? "\(accelerators[index])...\(accelerators[end])" : accelerators[index])
            if end - index < 2 { end = index }
            index = end + 1
        }
        return out
    }

    /// GtkBuilder's description of the window (public for tests).
    public static func builderXML(groups: [CommandGroup]) -> String {
        func escape(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var xml = "<interface><object class=\"GtkShortcutsWindow\" id=\"shortcuts\"><property name=\"modal\">1</property>"
        xml += "<child><object class=\"GtkShortcutsSection\" id=\"section\"><property name=\"section-name\">skiff</property>"
        xml += "<property name=\"max-height\">\(groups.reduce(1) { $0 + 1 + $1.commands.count })</property>"
        for group in columnSized(groups) {
            xml += "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">\(escape(group.title))</property>"
            for command in group.commands {
                xml += "<child><object class=\"GtkShortcutsShortcut\">"
                xml += "<property name=\"title\">\(escape(command.title))</property>"
                // ISO_Left_Tab is how X spells Shift+Tab: a duplicate to the reader.
                let shown = ranged(command.accelerators.filter { !$0.contains("ISO_Left_Tab") })
                xml += "<property name=\"accelerator\">\(escape(shown.joined(separator: " ")))</property>"
                xml += "</object></child>"
            }
            xml += "</object></child>"
        }
        xml += "</object></child></object></interface>"
        return xml
    }
}
