/// The few text scans every line goes through, kept to bytes where Foundation would be slow.
extension Substring {
    /// Whether `needle` occurs, byte for byte. Foundation's `contains(_: String)` goes through
    /// CFString with a locale, which was a tenth of a conversion's time.
    func containsBytes(_ needle: String) -> Bool {
        var needle = needle
        return needle.withUTF8 { wanted in
            utf8.withContiguousStorageIfAvailable { Self.search($0, for: wanted) }
                ?? Array(utf8).withUnsafeBufferPointer { Self.search($0, for: wanted) }
        }
    }

    private static func search(_ bytes: UnsafeBufferPointer<UInt8>, for wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = wanted.first else { return true }
        guard bytes.count >= wanted.count else { return false }
        var start = 0
        while start <= bytes.count - wanted.count {
            if bytes[start] == first {
                var matched = 1
                while matched < wanted.count && bytes[start + matched] == wanted[matched] { matched += 1 }
                if matched == wanted.count { return true }
            }
            start += 1
        }
        return false
    }

    func trimmingSpaces() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return text
    }
}
