/// One history visit per navigation, per tab.
///
/// WebKit reports a commit for every load: a new page, a reload, a page replacing itself
/// (`location.replace`, which a page can do dozens of times a second). Counting each as a visit
/// filled history with rows nobody visited. A commit is a new visit when the entry behind the
/// current one changed (the previous page moved into the back list, or the user went back or
/// forward); with the same entry behind it, it is the same navigation: a reload (same address,
/// nothing recorded) or a replacement (the visit moves to the new address, so a replace loop
/// leaves one row). Server redirects already arrive as one commit of the final address.
public struct VisitCounter: Equatable, Sendable {
    public enum Effect: Equatable, Sendable {
        case none
        case visit(uri: String)
        /// Take back the visit to `old` and count one to `new`.
        case replace(old: String, new: String)
    }

    private var recordedURI: String?
    private var backEntry: String?

    public init() {}

    /// A load was committed at `uri`, with `backEntry` (an identity token) behind it.
    public mutating func committed(uri: String, backEntry: String?) -> Effect {
        defer {
            recordedURI = uri
            self.backEntry = backEntry
        }
        guard let recordedURI, backEntry == self.backEntry else { return .visit(uri: uri) }
        return recordedURI == uri ? .none : .replace(old: recordedURI, new: uri)
    }

    /// The tab showed something not counted (an error page): the next commit starts afresh.
    public mutating func reset() {
        recordedURI = nil
        backEntry = nil
    }
}
