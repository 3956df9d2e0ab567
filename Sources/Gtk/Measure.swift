import CGtk

extension Widget {
    /// The height the widget asks for at `width` (its natural height), for custom containers that
    /// place a child of their own at the size it wants.
    public func naturalHeight(forWidth width: Int) -> Int {
        var minimum: Int32 = 0
        var natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, Int32(max(-1, width)), &minimum, &natural, nil, nil)
        return Int(max(minimum, natural))
    }
}
