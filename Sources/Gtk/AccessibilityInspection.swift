import CGtk

/// One widget as assistive technology is given it: found by walking the widget tree the way GTK's
/// accessibility layer does (a widget that is not visible, or has no role, is not presented, and
/// neither is anything inside it). For tests that check what a screen reader can reach.
@MainActor
public struct PresentedAccessible {
    fileprivate let pointer: UnsafeMutablePointer<GtkWidget>
    public let role: GtkAccessibleRole
    /// Position in the window's coordinates, and size: what GTK reports as the extents.
    public let x: Double, y: Double, width: Double, height: Double
    /// The centre in the window's surface (X window) coordinates, where a click lands on it.
    public let surfaceCentre: (x: Double, y: Double)

    /// Asks GTK (not Skiff's own record) whether the accessible label is exactly `label`.
    public func hasLabel(_ label: String) -> Bool { skiff_accessible_label_is(pointer, label) != 0 }
    /// The accessible label as GTK holds it (nil when it has none): read back through GTK's test
    /// check, which gives the value it has when asked about one no widget is named.
    public var label: String? { readBack(skiff_test_accessible_label_differs(pointer, "\u{1}")) }
    /// The accessible description as GTK holds it (nil when it has none), read back as `label` is.
    public var description: String? { readBack(skiff_test_accessible_description_differs(pointer, "\u{1}")) }
    /// Asks GTK whether the accessible description (what a tooltip explains) is exactly `text`.
    public func hasDescription(_ text: String) -> Bool { skiff_accessible_description_is(pointer, text) != 0 }
    public var isButton: Bool { role == GTK_ACCESSIBLE_ROLE_BUTTON }
    public var isCheckBox: Bool { role == GTK_ACCESSIBLE_ROLE_CHECKBOX }
    public func hasRole(_ role: AccessibleRole) -> Bool { self.role == role.c }
    /// Asks GTK whether the boolean `state` is `value` (a radio menu item's checked state, say).
    public func state(_ state: AccessibleBoolState, is value: Bool) -> Bool {
        skiff_accessible_bool_state_is(pointer, state.c, value ? 1 : 0) != 0
    }
    /// A label's text, which GTK gives as its accessible name (menu items are named by theirs).
    public var labelText: String? {
        guard skiff_is_a(UnsafeMutableRawPointer(pointer), gtk_label_get_type()) != 0 else { return nil }
        return String(cString: gtk_label_get_text(OpaquePointer(pointer)))
    }
}

extension Widget {
    /// This widget's accessible label and description as GTK holds them (nil when it has none),
    /// read back through GTK's test check as `PresentedAccessible`'s are.
    public var labelAsPresented: String? { readBack(skiff_test_accessible_label_differs(widget, "\u{1}")) }
    public var descriptionAsPresented: String? { readBack(skiff_test_accessible_description_differs(widget, "\u{1}")) }
}

/// What GTK's test check gives back for a property asked about with a value no widget has: the
/// value it holds (freed here), nil when it holds none.
private func readBack(_ differs: UnsafeMutablePointer<CChar>?) -> String? {
    guard let differs else { return nil }
    defer { g_free(differs) }
    let value = String(cString: differs)
    return value.isEmpty ? nil : value
}

extension Widget {
    /// Every widget below this one that GTK presents to assistive technology, depth first. With
    /// `includingHidden`, also those a hidden ancestor keeps off screen (a collapsed toolbar's
    /// buttons): what GTK would present once shown.
    public func presentedDescendants(includingHidden: Bool = false) -> [PresentedAccessible] {
        var found: [PresentedAccessible] = []
        let root = gtk_widget_get_root(widget).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self) }
        func walk(_ parent: UnsafeMutablePointer<GtkWidget>) {
            var child = gtk_widget_get_first_child(parent)
            while let current = child {
                child = gtk_widget_get_next_sibling(current)
                guard includingHidden || gtk_widget_get_visible(current) != 0 else { continue }
                let role = gtk_accessible_get_accessible_role(OpaquePointer(current))
                var origin = graphene_point_t(x: 0, y: 0), out = graphene_point_t(x: 0, y: 0)
                if let root { _ = gtk_widget_compute_point(current, root, &origin, &out) }
                if role != GTK_ACCESSIBLE_ROLE_NONE {
                    let width = Double(gtk_widget_get_width(current)), height = Double(gtk_widget_get_height(current))
                    var dx = 0.0, dy = 0.0
                    var inNative = out
                    if let native = gtk_widget_get_native(current) {
                        gtk_native_get_surface_transform(native, &dx, &dy)
                        // Inside a popover (its own popup surface): its point in that surface, moved by
                        // where the popup sits on the window's surface.
                        if let surface = gtk_native_get_surface(native), skiff_is_a(UnsafeMutableRawPointer(surface), gdk_popup_get_type()) != 0 {
                            let nativeWidget = UnsafeMutableRawPointer(native).assumingMemoryBound(to: GtkWidget.self)
                            _ = gtk_widget_compute_point(current, nativeWidget, &origin, &inNative)
                            dx += Double(gdk_popup_get_position_x(surface))
                            dy += Double(gdk_popup_get_position_y(surface))
                        }
                    }
                    found.append(PresentedAccessible(pointer: current, role: role, x: Double(out.x), y: Double(out.y),
                                                     width: width, height: height,
                                                     surfaceCentre: (Double(inNative.x) + dx + width / 2, Double(inNative.y) + dy + height / 2)))
                }
                walk(current)
            }
        }
        walk(widget)
        return found
    }
}

extension Widget {
    /// Where a click lands on each of this widget's direct children (the window's surface
    /// coordinates), in order: for tests that press one button of a group (a switcher).
    public func childCentresInSurface() -> [(x: Double, y: Double)] {
        guard let native = gtk_widget_get_native(widget) else { return [] }
        let nativeWidget = UnsafeMutableRawPointer(native).assumingMemoryBound(to: GtkWidget.self)
        var dx = 0.0, dy = 0.0
        gtk_native_get_surface_transform(native, &dx, &dy)
        var centres: [(x: Double, y: Double)] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            child = gtk_widget_get_next_sibling(current)
            var src = graphene_point_t(x: 0, y: 0), out = graphene_point_t(x: 0, y: 0)
            guard gtk_widget_compute_point(current, nativeWidget, &src, &out) != 0 else { continue }
            centres.append((Double(out.x) + dx + Double(gtk_widget_get_width(current)) / 2,
                            Double(out.y) + dy + Double(gtk_widget_get_height(current)) / 2))
        }
        return centres
    }
}

extension Widget {
    /// The text of every label below this one, depth first, read from GTK's widgets: with `mappedOnly`
    /// only those on screen (a hidden stack page's labels are left out).
    public func labelTexts(mappedOnly: Bool = true) -> [String] {
        var texts: [String] = []
        func children(of parent: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
            var found: [UnsafeMutablePointer<GtkWidget>] = []
            var child = gtk_widget_get_first_child(parent)
            while let current = child {
                child = gtk_widget_get_next_sibling(current)
                if !mappedOnly || gtk_widget_get_mapped(current) != 0 { found.append(current) }
            }
            return found
        }
        // Depth first, each widget before its children, without recursion through a nested
        // function (the release build's region checks refuse one here).
        var stack = Array(children(of: widget).reversed())
        while let current = stack.popLast() {
            if skiff_is_a(UnsafeMutableRawPointer(current), gtk_label_get_type()) != 0, let text = gtk_label_get_text(OpaquePointer(current)) {
                texts.append(String(cString: text))
            }
            stack.append(contentsOf: children(of: current).reversed())
        }
        return texts
    }
}
