import CGtk

/// A choice among a few strings (GtkDropDown).
@MainActor
public final class DropDown: Widget {
    public override class var gType: GType { gtk_drop_down_get_type() }

    public convenience init(items: [String], accessibleLabel: String) {
        let list = gtk_string_list_new(nil)
        for item in items { gtk_string_list_append(list, item) }
        // gtk_drop_down_new takes ownership of the model.
        self.init(retaining: UnsafeMutableRawPointer(gtk_drop_down_new(list, nil)))
        setAccessibleLabel(accessibleLabel)
    }

    public var selected: Int {
        get { Int(gtk_drop_down_get_selected(OpaquePointer(raw))) }
        set { gtk_drop_down_set_selected(OpaquePointer(raw), guint(max(0, newValue))) }
    }

    @discardableResult
    public func onSelectionChanged(_ body: @escaping VoidHandler) -> SignalHandlerID { onNotify("selected", body) }
}
