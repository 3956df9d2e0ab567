/// Lifecycle of a `PropertyAnimator`, mirroring `UIViewAnimatingState`.
public enum AnimatorState: Sendable, Hashable {
    /// Not started, or finished: no animation is in progress.
    case inactive
    /// Started or paused: the animator owns the animated properties.
    case active
    /// Stopped with `stopAnimation(withoutFinishing: false)`, awaiting `finishAnimation(at:)`.
    case stopped
}

/// Where an animator ended up when its completions ran, mirroring `UIViewAnimatingPosition`.
public enum AnimatingPosition: Sendable, Hashable {
    case start
    case end
    case current
}
