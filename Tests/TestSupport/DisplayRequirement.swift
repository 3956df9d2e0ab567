import Foundation
import Gtk
import XCTest

/// GTK tests need a display. Locally they skip without one; with SKIFF_REQUIRE_DISPLAY set
/// (make test, CI) a missing display is a failure, never a silent skip.
public func requireDisplay() throws {
    let ok = MainActor.assumeIsolated { GtkRuntime.initialize() }
    if ok { return }
    if ProcessInfo.processInfo.environment["SKIFF_REQUIRE_DISPLAY"] != nil {
        XCTFail("no display could be opened (DISPLAY=\(ProcessInfo.processInfo.environment["DISPLAY"] ?? "unset")); CI must run these under Xvfb")
    }
    throw XCTSkip("no display: GTK tests skipped (run `make test` to get Xvfb)")
}
