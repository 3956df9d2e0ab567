import CGtk

/// A list of rows one of which is chosen (GtkListBox in single selection, with GNOME's
/// `.navigation-sidebar` look): a sidebar. The arrows move the choice, as in GNOME's sidebars; a
/// screen reader hears a list whose items are the rows, each named by `append(_:accessibleLabel:)`.
@MainActor
public final class ListBox: Widget {
    public override class var gType: GType { gtk_list_box_get_type() }
    private var box: OpaquePointer { OpaquePointer(raw) }
    /// Set while the rows are changed by code, so `onSelected` hears only the user's choices.
    private var changing = false

    public convenience init(accessibleLabel: String) {
        self.init(retaining: UnsafeMutableRawPointer(gtk_list_box_new()))
        gtk_list_box_set_selection_mode(box, GTK_SELECTION_SINGLE)
        addCSSClass("navigation-sidebar")
        setAccessibleLabel(accessibleLabel)
    }

    /// A row holding `child`, named for assistive technology; the row is returned to be renamed.
    @discardableResult
    public func append(_ child: Widget, accessibleLabel: String) -> Widget {
        let row = Widget(retaining: UnsafeMutableRawPointer(gtk_list_box_row_new()))
        gtk_list_box_row_set_child(row.raw.assumingMemoryBound(to: GtkListBoxRow.self), child.widget)
        row.setAccessibleLabel(accessibleLabel)
        gtk_list_box_append(box, row.widget)
        return row
    }

    public func removeAll() {
        changing = true
        defer { changing = false }
        skiff_list_box_remove_all(box)
    }

    /// The chosen row, by position; setting it does not call `onSelected`.
    public var selectedIndex: Int? {
        get { gtk_list_box_get_selected_row(box).map { Int(gtk_list_box_row_get_index($0)) } }
        set {
            changing = true
            defer { changing = false }
            if let newValue, let row = gtk_list_box_get_row_at_index(box, Int32(newValue)) {
                gtk_list_box_select_row(box, row)
            } else {
                gtk_list_box_unselect_all(box)
            }
        }
    }

    /// The user activated the row at this position (a click, Enter, Space): to open what it shows.
    @discardableResult
    public func onActivated(_ body: @escaping @MainActor (Int) -> Void) -> SignalHandlerID {
        onPointer("row-activated") { row in
            guard let row else { return }
            body(Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self))))
        }
    }

    /// The user chose the row at this position (a click, the arrows, Enter).
    @discardableResult
    public func onSelected(_ body: @escaping @MainActor (Int) -> Void) -> SignalHandlerID {
        onPointer("row-selected") { [weak self] row in
            guard let self, !self.changing, let row else { return }
            body(Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self))))
        }
    }
}
