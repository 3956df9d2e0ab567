import Glibc

/// The processor time the calling thread has used, in seconds. What a piece of pure work costs,
/// undisturbed by other processes and tests sharing a loaded machine (wall-clock time is not).
public func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
