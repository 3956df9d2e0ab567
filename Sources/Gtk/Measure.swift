import CGtk

extension Widget {
    /// The height the widget would like at `width` (its natural height; at least its minimum).
    public func naturalHeight(forWidth width: Int) -> Int {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, Int32(width), &minimum, &natural, nil, nil)
        return Int(max(minimum, natural))
    }
    /// The width the widget needs at least, and would like.
    public func widthRange() -> (minimum: Int, natural: Int) {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        return (Int(minimum), Int(natural))
    }
}

extension Label {
    /// Long text ends in "…" instead of widening the window.
    public func ellipsizeAtEnd() { gtk_label_set_ellipsize(OpaquePointer(raw), PANGO_ELLIPSIZE_END) }
}

extension Widget {
    /// Moves keyboard focus to the first control inside this widget (after a page slides in).
    @discardableResult
    public func focusFirstChild() -> Bool { gtk_widget_child_focus(widget, GTK_DIR_TAB_FORWARD) != 0 }
}

extension Widget {
    /// Whether `parent` is this widget's parent.
    public func isChild(of parent: Widget) -> Bool { gtk_widget_get_parent(widget) == parent.widget }
}

extension Widget {
    /// The widget's border box in `ancestor`'s coordinates (padding and border included, unlike
    /// `width`/`height`, which are the content box).
    public func bounds(in ancestor: Widget) -> Rect? {
        var out = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, ancestor.widget, &out) != 0 else { return nil }
        return Rect(x: Double(out.origin.x), y: Double(out.origin.y), width: Double(out.size.width), height: Double(out.size.height))
    }
}

extension Snapshot {
    /// A horizontal gradient from `left` to `right` over `rect` (an edge's shade).
    public func horizontalGradient(_ rect: Rect, left: Color, right: Color) {
        var r = rect.graphene
        var start = graphene_point_t(x: Float(rect.x), y: Float(rect.y))
        var end = graphene_point_t(x: Float(rect.x + rect.width), y: Float(rect.y))
        var stops = [GskColorStop(offset: 0, color: left.gdk), GskColorStop(offset: 1, color: right.gdk)]
        gtk_snapshot_append_linear_gradient(pointer, &r, &start, &end, &stops, 2)
    }
}

extension Widget {
    /// The widget that has the keyboard focus in this widget's window, if any.
    public var windowFocus: Widget? {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return nil }
        return Object.wrap(UnsafeMutableRawPointer(focus), as: Widget.self)
    }
}
