import Foundation

/// Splits the rules into chunks of at most `rulesPerChunk`, each a filter WebKit compiles on its
/// own. Blocks are shared out in order; the exceptions go into every chunk, since
/// an exception only lifts rules of its own compiled filter (see `FilterConverter` for the order).
enum FilterChunking {
    static func chunks(blocks: [StoredRule], exceptions: [StoredRule], pageExceptions: [StoredRule],
                       rulesPerChunk: Int) -> [FilterChunk] {
        let body = blocks.count
        guard body > 0 else { return [] }
        // FilterLimits keeps the exceptions to at most half a chunk, so there is room for a body.
        let room = max(1, rulesPerChunk - exceptions.count - pageExceptions.count)
        var chunks: [FilterChunk] = []
        var start = 0
        while start < body {
            let end = min(body, start + room)
            var rules: [ContentRule] = []
            rules.reserveCapacity(end - start + exceptions.count + pageExceptions.count)
            rules += blocks[start..<end].map(\.rule)
            rules += exceptions.map(\.rule)
            rules += pageExceptions.map(\.rule)
            chunks.append(FilterChunk(ruleCount: rules.count, json: json(rules)))
            start = end
        }
        return chunks
    }

    /// One rule a line: the same bytes for the same rules, and readable when a chunk fails to compile.
    /// Written straight into the bytes, not through one large String: that would be grown by
    /// doubling and then copied, twice the chunk's size at its peak.
    static func json(_ rules: [ContentRule]) -> Data {
        var data = Data()
        data.reserveCapacity(rules.count * estimatedBytesPerRule)
        data.append(UInt8(ascii: "["))
        for (index, rule) in rules.enumerated() {
            if index > 0 { data.append(UInt8(ascii: ",")) }
            data.append(UInt8(ascii: "\n"))
            var json = rule.json
            json.withUTF8 { data.append($0) }
        }
        data.append(contentsOf: "\n]\n".utf8)
        return data
    }

    /// EasyList and EasyPrivacy's rules average 119 bytes of JSON; a little more is reserved so
    /// the buffer is seldom grown.
    static let estimatedBytesPerRule = 128
}
