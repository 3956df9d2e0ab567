/// How a visit happened, as Firefox tells them apart for frecency: the user typed the address or
/// chose it in the address bar, or followed a link (or the page went there by itself). Reloads and
/// redirects are not visits at all (`VisitCounter` never counts them).
public enum VisitTransition: Sendable, Equatable {
    case link
    case typed
}
