/// One search at a time, and only the newest one's results shown (the address bar's history search).
///
/// Typing "deb" fast asks for "d", "de", "deb". While "d" runs, "de" waits; "deb" replaces it (a
/// prefix already passed is never searched). When "d" finishes its results are dropped, because
/// something newer is waiting, and "deb" starts. So at most one query runs, at most one waits, and
/// the rows shown are always those of the newest text asked for.
public struct LatestOnlySearch<Query: Sendable>: Sendable {
    public struct Ticket: Sendable {
        public let id: Int
        public let query: Query
    }

    private var nextID = 0
    private var runningID: Int?
    private var pending: Ticket?
    /// The newest ticket asked for; results of any other are stale.
    private var newestID: Int?

    public init() {}

    public var isBusy: Bool { runningID != nil }
    /// The ticket waiting for the running one to finish, if any.
    public var pendingID: Int? { pending?.id }

    /// Asks for `query`. Returns the ticket to start now, or nil when one is running (this one waits,
    /// replacing whatever was waiting).
    public mutating func request(_ query: Query) -> Ticket? {
        let ticket = Ticket(id: nextID, query: query)
        nextID += 1
        newestID = ticket.id
        guard runningID == nil else {
            pending = ticket
            return nil
        }
        runningID = ticket.id
        return ticket
    }

    /// `ticket`'s query finished. `deliver`: show its results (nothing newer was asked for since);
    /// `next`: the waiting query to start now.
    public mutating func finished(_ ticket: Ticket) -> (deliver: Bool, next: Ticket?) {
        guard ticket.id == runningID else { return (false, nil) }
        runningID = nil
        let deliver = ticket.id == newestID
        guard let next = pending else { return (deliver, nil) }
        pending = nil
        runningID = next.id
        return (deliver, next)
    }

    /// Nothing asked for so far is wanted any more (editing ended): the running query's results
    /// will be dropped and the waiting one never starts.
    public mutating func cancel() {
        pending = nil
        newestID = nil
    }
}
