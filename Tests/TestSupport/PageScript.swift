import Foundation
import Gtk

/// What a page says when asked in JavaScript, waited for with the main loop turning (10 s at most):
/// for display tests that read a page's own state (its text, its scroll position).
@MainActor
public func pageAnswer(_ view: WebView?, _ script: String) -> String? {
    guard let view else { return nil }
    var result: String??
    view.evaluate(script) { result = .some($0) }
    MainLoop.run(until: { result != nil }, timeout: 10)
    return result ?? nil
}
