import CGtk

/// glibc's allocator, tuned for a renderer that allocates multi-megabyte buffers every frame.
///
/// GTK 4's cairo renderer and WebKit's GTK 4 port allocate full-window buffers each frame. With glibc's
/// defaults (buffers over 128 KiB are mmapped, and freed memory above 128 KiB is trimmed) each one goes
/// back to the kernel on free and is faulted in zeroed on the next frame: ~42 % of the UI process's
/// time while scrolling a page was page faults. Keeping them in the heap (a 32 MiB mmap threshold, a
/// 256 MiB trim threshold) took scrolling frame work p95 from 13–14 ms to 5.5–6.7 ms for ~15 MB more
/// memory (an A/B of four interleaved pairs with the perf harness; BENCHMARKS.md has Skiff's own run).
public enum AllocatorTuning {
    /// Larger blocks than this are still mmapped (and returned at once on free).
    public static let mmapThreshold: Int32 = 32 * 1024 * 1024
    /// The heap is trimmed back to the kernel only past this much free memory at its top.
    public static let trimThreshold: Int32 = 256 * 1024 * 1024

    /// Call before GTK starts (the first frames' buffers are then already kept).
    /// `SKIFF_MALLOC_DEFAULTS=1` leaves glibc's defaults, for A/B measurements.
    public static func applyForFrames(environment: [String: String]) {
        guard environment["SKIFF_MALLOC_DEFAULTS"] != "1" else { return }
        skiff_malloc_keep_frame_buffers(mmapThreshold, trimThreshold)
    }
}
