/// Which site icons stay in memory: the most recently used, up to a byte budget. An icon is a
/// decoded texture (4 bytes a pixel); WebKit keeps every icon on disk, so one dropped here is only
/// read again, asynchronously, when next shown.
public struct IconCacheBudget<Key: Hashable & Sendable>: Sendable {
    /// 4 MiB: the start page and the suggestions show at most about 40 icons, and a site's icon is
    /// usually 16–64 px (4–16 KiB decoded); 4 MiB holds hundreds of those.
    public static var defaultByteLimit: Int { 4 << 20 }
    /// An icon larger than this (a 512-px touch icon: 1 MiB) is not kept; the letter is shown.
    public static var largestIconBytes: Int { 256 * 256 * 4 }

    public let byteLimit: Int
    public private(set) var bytes = 0
    /// Least recently used first.
    private var order: [Key] = []
    private var sizes: [Key: Int] = [:]

    public init(byteLimit: Int = Self.defaultByteLimit) { self.byteLimit = byteLimit }

    public var count: Int { order.count }
    public func contains(_ key: Key) -> Bool { sizes[key] != nil }

    /// Whether an icon of `width`×`height` pixels may be kept at all.
    public static func accepts(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width * height * 4 <= largestIconBytes
    }

    /// Records an icon of `byteCount` bytes under `key`; returns the keys to drop to stay in budget
    /// (least recently used first, never `key` itself).
    public mutating func insert(_ key: Key, byteCount: Int) -> [Key] {
        if let old = sizes[key] { bytes -= old; order.removeAll { $0 == key } }
        sizes[key] = byteCount
        bytes += byteCount
        order.append(key)
        var evicted: [Key] = []
        while bytes > byteLimit, let oldest = order.first, oldest != key {
            order.removeFirst()
            bytes -= sizes.removeValue(forKey: oldest) ?? 0
            evicted.append(oldest)
        }
        return evicted
    }

    /// `key` was shown: it becomes the most recently used.
    public mutating func touch(_ key: Key) {
        guard sizes[key] != nil else { return }
        order.removeAll { $0 == key }
        order.append(key)
    }
}
