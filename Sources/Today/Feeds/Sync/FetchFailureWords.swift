import Gtk

extension FeedFetchLimits {
    /// A fetch that gave no answer, in the words the Subscriptions view shows; the add-feed step
    /// says the same (docs/feeds.md, "Fetching").
    public func words(for failure: HTTPFailure) -> String {
        FetchOutcome.message(for: failure, limits: self)
    }
}
