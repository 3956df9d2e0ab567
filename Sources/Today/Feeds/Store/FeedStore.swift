import FeedFormat
import Foundation

// The subscriptions, their articles and the articles' states (read, starred), in SQLite.
// See docs/feeds.md.
