import CGtk

@MainActor
public final class Label: Widget {
    public override class var gType: GType { gtk_label_get_type() }
    public convenience init(_ text: String = "") { self.init(retaining: UnsafeMutableRawPointer(gtk_label_new(text))) }
    private var label: OpaquePointer { OpaquePointer(raw) }
    public var text: String {
        get { String(cString: gtk_label_get_text(label)) }
        set { gtk_label_set_text(label, newValue) }
    }
    public var wraps: Bool {
        get { gtk_label_get_wrap(label) != 0 }
        set { gtk_label_set_wrap(label, newValue ? 1 : 0) }
    }
    /// Wraps between words and, for a word too long for a line (a long host name), inside it.
    public func wrapAnywhere() {
        gtk_label_set_wrap(label, 1)
        gtk_label_set_wrap_mode(label, PANGO_WRAP_WORD_CHAR)
    }
    public var selectable: Bool {
        get { gtk_label_get_selectable(label) != 0 }
        set { gtk_label_set_selectable(label, newValue ? 1 : 0) }
    }
    public func setXAlign(_ x: Float) { gtk_label_set_xalign(label, x) }
    /// Text too long for the label loses its middle ("…"), so both ends stay readable (an address).
    public func ellipsizeMiddle() { gtk_label_set_ellipsize(label, PANGO_ELLIPSIZE_MIDDLE) }
    /// Caps the natural width of wrapped text, for readable line lengths on wide windows.
    public var maxWidthChars: Int {
        get { Int(gtk_label_get_max_width_chars(label)) }
        set { gtk_label_set_max_width_chars(label, Int32(newValue)) }
    }
}

@MainActor
public final class Button: Widget {
    public override class var gType: GType { gtk_button_get_type() }
    /// A text button, named by its text: GTK ≥ 4.10 names a button from its contents only when a screen
    /// reader asks, so the name is given here and is the same on every GTK (and to Orca).
    public convenience init(label: String) {
        self.init(retaining: UnsafeMutableRawPointer(gtk_button_new_with_label(label)))
        setAccessibleLabel(label)
    }
    /// A button showing `child` (e.g. two lines of text); give it an accessible label.
    public convenience init(child: Widget) {
        self.init(retaining: UnsafeMutableRawPointer(gtk_button_new()))
        setChild(child)
    }
    /// An icon button; `accessibleLabel` is required because an icon alone has no name.
    public convenience init(iconName: String, accessibleLabel: String) {
        self.init(retaining: UnsafeMutableRawPointer(gtk_button_new_from_icon_name(iconName)))
        setAccessibleLabel(accessibleLabel)
        tooltip = accessibleLabel
    }
    private var button: UnsafeMutablePointer<GtkButton> { raw.assumingMemoryBound(to: GtkButton.self) }
    public var label: String? {
        get { gtk_button_get_label(button).map { String(cString: $0) } }
        set {
            // The accessible name follows the text unless it was given apart from it.
            let follows = accessibleLabel == nil || accessibleLabel == label
            gtk_button_set_label(button, newValue)
            if follows, let newValue { setAccessibleLabel(newValue) }
        }
    }
    public var iconName: String? {
        get { gtk_button_get_icon_name(button).map { String(cString: $0) } }
        set { gtk_button_set_icon_name(button, newValue) }
    }
    public var hasFrame: Bool {
        get { gtk_button_get_has_frame(button) != 0 }
        set { gtk_button_set_has_frame(button, newValue ? 1 : 0) }
    }
    /// The action a click activates ("win.zoom-in"); the button is insensitive while it is disabled.
    public var actionName: String? {
        get { gtk_actionable_get_action_name(OpaquePointer(raw)).map { String(cString: $0) } }
        set { gtk_actionable_set_action_name(OpaquePointer(raw), newValue) }
    }
    @discardableResult
    public func onClicked(_ body: @escaping VoidHandler) -> SignalHandlerID { on("clicked", body) }
}

/// A single-line text entry (GtkText inside GtkEntry).
@MainActor
public final class Entry: Widget {
    public override class var gType: GType { gtk_entry_get_type() }
    public convenience init() { self.init(retaining: UnsafeMutableRawPointer(gtk_entry_new())) }
    private var entry: UnsafeMutablePointer<GtkEntry> { raw.assumingMemoryBound(to: GtkEntry.self) }
    private var editable: OpaquePointer { OpaquePointer(raw) }
    public var text: String {
        get { String(cString: gtk_editable_get_text(editable)) }
        set { gtk_editable_set_text(editable, newValue) }
    }
    public var placeholder: String? {
        get { gtk_entry_get_placeholder_text(entry).map { String(cString: $0) } }
        set { gtk_entry_set_placeholder_text(entry, newValue) }
    }
    public func selectAll() { gtk_editable_select_region(editable, 0, -1) }
    /// Selects characters `start..<end` (the cursor ends at `end`).
    public func select(from start: Int, to end: Int) { gtk_editable_select_region(editable, Int32(start), Int32(end)) }
    /// The selected characters' range, nil when nothing is selected.
    public var selectionRange: Range<Int>? {
        var start: Int32 = 0, end: Int32 = 0
        guard gtk_editable_get_selection_bounds(editable, &start, &end) != 0 else { return nil }
        return Int(start)..<Int(end)
    }
    /// The cursor's position, in characters.
    public var cursorPosition: Int { Int(gtk_editable_get_position(editable)) }
    /// Puts the cursor after the last character, selecting nothing.
    public func moveCursorToEnd() { gtk_editable_set_position(editable, -1) }
    /// Whether all the text is selected (what Ctrl+L leaves, ready to type over).
    public var isAllSelected: Bool {
        var start: Int32 = 0, end: Int32 = 0
        guard gtk_editable_get_selection_bounds(editable, &start, &end) != 0 else { return false }
        return start == 0 && Int(end) == text.count
    }
    /// 0 left, 0.5 centred: the domain sits centred in the bar until it is edited.
    public var xAlign: Float {
        get { gtk_editable_get_alignment(editable) }
        set { gtk_editable_set_alignment(editable, newValue) }
    }
    /// Fires on every change of the text.
    @discardableResult
    public func onChanged(_ body: @escaping VoidHandler) -> SignalHandlerID { on("changed", body) }
    public var hasFrame: Bool {
        get { gtk_entry_get_has_frame(entry) != 0 }
        set { gtk_entry_set_has_frame(entry, newValue ? 1 : 0) }
    }
    public func setInputPurposeURL() { gtk_entry_set_input_purpose(entry, GTK_INPUT_PURPOSE_URL) }
    public func setPrimaryIcon(_ name: String?) { gtk_entry_set_icon_from_icon_name(entry, GTK_ENTRY_ICON_PRIMARY, name) }
    /// Progress drawn inside the entry (GNOME Web style); 0 hides it.
    public var progress: Double {
        get { gtk_entry_get_progress_fraction(entry) }
        set { gtk_entry_set_progress_fraction(entry, newValue) }
    }
    /// Fires when the user presses Enter.
    @discardableResult
    public func onActivate(_ body: @escaping VoidHandler) -> SignalHandlerID { on("activate", body) }
}
