import CGtk

/// A check box. Joined to a group (`join`) it becomes a radio button: one of the group is active.
@MainActor
public final class CheckButton: Widget {
    public override class var gType: GType { gtk_check_button_get_type() }
    public convenience init(label: String) {
        self.init(retaining: UnsafeMutableRawPointer(gtk_check_button_new_with_label(label)))
    }
    private var check: UnsafeMutablePointer<GtkCheckButton> { raw.assumingMemoryBound(to: GtkCheckButton.self) }
    public var isActive: Bool {
        get { gtk_check_button_get_active(check) != 0 }
        set { gtk_check_button_set_active(check, newValue ? 1 : 0) }
    }
    public var label: String {
        get { gtk_check_button_get_label(check).map { String(cString: $0) } ?? "" }
        set { gtk_check_button_set_label(check, newValue) }
    }
    /// Makes this button one of `group`'s radio buttons.
    public func join(_ group: CheckButton) { gtk_check_button_set_group(check, group.check) }
    /// Fires when the button turns on or off (by the user or by `isActive`).
    @discardableResult
    public func onToggled(_ body: @escaping VoidHandler) -> SignalHandlerID { on("toggled", body) }
}

/// Children laid out in rows that reflow with the width (a grid of cards). The children are the
/// focus stops: the flow box's own child wrappers are not, and nothing is selectable.
@MainActor
public final class FlowBox: Widget {
    public override class var gType: GType { gtk_flow_box_get_type() }
    public convenience init() {
        self.init(retaining: UnsafeMutableRawPointer(gtk_flow_box_new()))
        gtk_flow_box_set_selection_mode(box, GTK_SELECTION_NONE)
    }
    private var box: OpaquePointer { OpaquePointer(raw) }
    public func append(_ child: Widget) {
        gtk_flow_box_insert(box, child.widget, -1)
        if let wrapper = gtk_widget_get_parent(child.widget) { gtk_widget_set_focusable(wrapper, 0) }
    }
    public var homogeneous: Bool {
        get { gtk_flow_box_get_homogeneous(box) != 0 }
        set { gtk_flow_box_set_homogeneous(box, newValue ? 1 : 0) }
    }
    public func setChildrenPerLine(minimum: Int, maximum: Int) {
        gtk_flow_box_set_min_children_per_line(box, UInt32(minimum))
        gtk_flow_box_set_max_children_per_line(box, UInt32(maximum))
    }
    public func setSpacing(row: Int, column: Int) {
        gtk_flow_box_set_row_spacing(box, UInt32(row))
        gtk_flow_box_set_column_spacing(box, UInt32(column))
    }
}

extension Widget {
    /// The widget's minimum and natural size along `orientation` (for the other dimension
    /// `forSize`, or -1), as GTK would measure it for a parent.
    public func measure(_ orientation: Orientation, forSize: Int = -1) -> (minimum: Int, natural: Int) {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(widget, orientation.c, Int32(forSize), &minimum, &natural, nil, nil)
        return (Int(minimum), Int(natural))
    }
}

extension Button {
    /// Content other than a label or an icon (a row with a picture and two lines of text).
    public func setChild(_ child: Widget?) {
        gtk_button_set_child(raw.assumingMemoryBound(to: GtkButton.self), child?.widget)
    }
}

extension Entry {
    /// At most this many characters can be typed or pasted (0: no limit).
    public var maxLength: Int {
        get { Int(gtk_entry_get_max_length(raw.assumingMemoryBound(to: GtkEntry.self))) }
        set { gtk_entry_set_max_length(raw.assumingMemoryBound(to: GtkEntry.self), Int32(newValue)) }
    }
    public func setInputPurposeEmail() {
        gtk_entry_set_input_purpose(raw.assumingMemoryBound(to: GtkEntry.self), GTK_INPUT_PURPOSE_EMAIL)
    }
    public func setInputPurposeNumber() {
        gtk_entry_set_input_purpose(raw.assumingMemoryBound(to: GtkEntry.self), GTK_INPUT_PURPOSE_NUMBER)
    }
}


