/// How a visit happened, as Firefox tells them apart for frecency: the user typed the address or
/// chose it in the address bar, or followed a link (or the page went there by itself). Reloads and
/// redirects are not visits at all (`VisitCounter` never counts them).
public enum VisitTransition: Sendable, Equatable {
    case link
    case typed
}

extension VisitTransition {
    /// How a visit is kept: a typed address the server answered with an error (a 404 for a
    /// mistyped or mis-completed address) counts as a link, never as a typed visit, so it does not
    /// rise in the suggestions to be completed again (issue 33).
    public static func recorded(_ transition: VisitTransition, status: Int?) -> VisitTransition {
        guard transition == .typed, let status, status >= 400 else { return transition }
        return .link
    }
}
