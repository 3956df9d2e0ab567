import CGtk
import Gtk
import XCTest

/// The settings portal's answer, as GLib hands it over: the colour scheme inside one or two variants.
final class SystemAppearanceTests: XCTestCase {
    private func wrapped(_ value: UInt32, depth: Int) -> OpaquePointer? {
        var v = g_variant_new_uint32(value)
        for _ in 0..<depth { v = g_variant_new_variant(v) }
        return v.map { g_variant_ref_sink($0) }
    }

    func testTheSchemeIsFoundHoweverDeeplyItIsWrapped() {
        for depth in 0...3 {
            let v = wrapped(1, depth: depth)
            XCTAssertEqual(SystemAppearance.scheme(in: v), .preferDark, "depth \(depth)")
            g_variant_unref(v)
        }
        let light = wrapped(2, depth: 2)
        XCTAssertEqual(SystemAppearance.scheme(in: light), .preferLight)
        g_variant_unref(light)
        let unknown = wrapped(7, depth: 1)
        XCTAssertEqual(SystemAppearance.scheme(in: unknown), .noPreference, "an unknown value means no preference")
        g_variant_unref(unknown)
        let text = g_variant_ref_sink(g_variant_new_string("dark"))
        XCTAssertNil(SystemAppearance.scheme(in: text), "not a number: ignored")
        g_variant_unref(text)
    }
}
