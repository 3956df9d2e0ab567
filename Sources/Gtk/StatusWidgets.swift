import CGtk

/// GTK's busy indicator. It spins only while `isSpinning` (and while animations are enabled).
@MainActor
public final class Spinner: Widget {
    public override class var gType: GType { gtk_spinner_get_type() }
    public convenience init() { self.init(retaining: UnsafeMutableRawPointer(gtk_spinner_new())) }
    private var spinner: OpaquePointer { OpaquePointer(raw) }
    public var isSpinning: Bool {
        get { gtk_spinner_get_spinning(spinner) != 0 }
        set { gtk_spinner_set_spinning(spinner, newValue ? 1 : 0) }
    }
}

/// A themed symbolic icon (the status pages' large icons).
@MainActor
public final class Image: Widget {
    public override class var gType: GType { gtk_image_get_type() }
    public convenience init(iconName: String, pixelSize: Int) {
        self.init(retaining: UnsafeMutableRawPointer(gtk_image_new_from_icon_name(iconName)))
        gtk_image_set_pixel_size(OpaquePointer(raw), Int32(pixelSize))
    }
    public func setIconName(_ name: String) { gtk_image_set_from_icon_name(OpaquePointer(raw), name) }
}

extension Box {
    /// A box with an accessible role other than GtkBox's "group" (list items, headings).
    /// The role is construct-only in GTK 4.8, so it is given here or never.
    public convenience init(_ orientation: Orientation, spacing: Int = 0, role: AccessibleRole) {
        self.init(retaining: UnsafeMutableRawPointer(skiff_widget_new_with_role(gtk_box_get_type(), role.c)))
        gtk_orientable_set_orientation(OpaquePointer(raw), orientation.c)
        gtk_box_set_spacing(raw.assumingMemoryBound(to: GtkBox.self), Int32(spacing))
    }
}

extension Widget {
    /// The role GTK reports to assistive technology for this widget.
    public var reportedAccessibleRole: AccessibleRole? {
        let role = gtk_accessible_get_accessible_role(OpaquePointer(raw))
        return [AccessibleRole.progressBar, .img, .group, .button, .widget, .heading, .list, .listItem, .dialog].first { $0.c == role }
    }

    /// Whether GTK's accessible object carries `label` as its name: asked of GTK itself
    /// (gtk_test_accessible_check_property), not of what Skiff remembers setting.
    public func accessibleNameIs(_ label: String) -> Bool {
        skiff_accessible_label_is(widget, label) != 0
    }

    /// How many of the widget's children are visible (what a container exposes to accessibility).
    public var visibleChildCount: Int {
        var count = 0
        var child = gtk_widget_get_first_child(widget)
        while let c = child {
            if gtk_widget_get_visible(c) != 0 { count += 1 }
            child = gtk_widget_get_next_sibling(c)
        }
        return count
    }
}

extension Label {
    /// Centres every line of wrapped text (status pages), not just the block.
    public func centreLines() {
        gtk_label_set_justify(OpaquePointer(raw), GTK_JUSTIFY_CENTER)
        setXAlign(0.5)
    }
}

extension GtkRuntime {
    /// Asks the theme for its dark variant (GtkSettings' gtk-application-prefer-dark-theme), as
    /// the desktop's dark style does. For tests and screenshots.
    public static func setPrefersDarkTheme(_ on: Bool) {
        SystemAppearance.apply(on ? .preferDark : .preferLight)
    }
}

extension Label {
    /// One line, cut with "…" when narrower than its text (so it never sets the window's minimum width).
    public func ellipsizeEnd() {
        gtk_label_set_ellipsize(OpaquePointer(raw), PANGO_ELLIPSIZE_END)
        gtk_label_set_single_line_mode(OpaquePointer(raw), 1)
    }
}

extension Label {
    /// A label exposed as a heading, so screen readers can jump to it (the role is construct-only).
    public convenience init(heading text: String) {
        self.init(retaining: UnsafeMutableRawPointer(skiff_widget_new_with_role(gtk_label_get_type(), AccessibleRole.heading.c)))
        self.text = text
    }
}

/// A bar filling from 0 to 1 (GtkProgressBar): a download's progress; GTK reports its value to
/// assistive technology.
@MainActor
public final class ProgressBar: Widget {
    public override class var gType: GType { gtk_progress_bar_get_type() }
    public convenience init() { self.init(retaining: UnsafeMutableRawPointer(gtk_progress_bar_new())) }
    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(OpaquePointer(raw)) }
        set { gtk_progress_bar_set_fraction(OpaquePointer(raw), newValue) }
    }
}
