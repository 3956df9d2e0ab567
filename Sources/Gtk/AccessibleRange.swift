import CGtk

extension Canvas {
    /// A canvas that assistive technology reads as a slider (a position among values, with a text
    /// for the current one). Construct-only in GTK 4.8, hence its own initializer.
    public convenience init(sliderLabel label: String) {
        let w = skiff_widget_new_with_role(CanvasType.type, GTK_ACCESSIBLE_ROLE_SLIDER)
        self.init(retaining: UnsafeMutableRawPointer(w))
        let handlers = ClosureBox(SnapshotHandlers(draw: { _, _, _ in }, measure: { _, _ in (0, 0) }))
        g_object_set_qdata_full(gobject, CanvasType.quark, handlers.retainedPointer(), destroyNotify(for: SnapshotHandlers.self))
        setAccessibleLabel(label)
    }

    public var isSlider: Bool { gtk_accessible_get_accessible_role(OpaquePointer(raw)) == GTK_ACCESSIBLE_ROLE_SLIDER }

    /// Sets the range a slider reports: minimum, maximum, current value and the words for it.
    public func setAccessibleRange(minimum: Double, maximum: Double, value: Double, text: String) {
        let double = g_type_from_name("gdouble"), string = g_type_from_name("gchararray")
        var properties = [GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, GTK_ACCESSIBLE_PROPERTY_VALUE_MAX,
                          GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT]
        var values = [GValue](repeating: GValue(), count: 4)
        for i in 0..<3 { g_value_init(&values[i], double) }
        g_value_set_double(&values[0], minimum)
        g_value_set_double(&values[1], maximum)
        g_value_set_double(&values[2], value)
        g_value_init(&values[3], string)
        g_value_set_string(&values[3], text)
        gtk_accessible_update_property_value(OpaquePointer(raw), 4, &properties, &values)
        for i in 0..<4 { g_value_unset(&values[i]) }
    }

    /// The value text GTK's accessibility layer holds for this widget (read back from GTK, not from
    /// Skiff): what a screen reader announces.
    public var accessibleValueText: String? {
        // check_property returns NULL when the value equals the one given, else the value it has.
        guard let actual = skiff_test_accessible_value_text_differs(widget, "\u{1}") else { return nil }
        defer { g_free(actual) }
        return String(cString: actual)
    }

    /// The accessible name GTK holds (read back from GTK).
    public var accessibleLabelInGTK: String? {
        guard let actual = skiff_test_accessible_label_differs(widget, "\u{1}") else { return nil }
        defer { g_free(actual) }
        return String(cString: actual)
    }
}
