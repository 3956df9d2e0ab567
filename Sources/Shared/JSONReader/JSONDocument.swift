import Foundation

/// Where a deferred value starts in its document: its first byte, its line and column, and how
/// deeply it is nested (so parsing it alone keeps the document's depth limit).
public struct JSONMark: Sendable, Hashable {
    let index: Int
    public let position: SourcePosition
    let depth: Int
}

/// A document parsed by `JSONParser.parseDocument(_:deferring:)`: the tree, except the deferred
/// arrays, which the tree holds empty and whose elements are read one at a time from the bytes.
public struct JSONDocument: Sendable {
    public let root: JSONValue
    let bytes: [UInt8]
    /// Each deferred array's element marks, by the array's position.
    let deferred: [SourcePosition: [JSONMark]]
    let maximumDepth: Int

    /// The elements of `array`: each parsed alone when read if it was deferred, else the tree's
    /// own; nil when `array` is not an array.
    public func elements(of array: JSONValue) -> JSONElements? {
        if let marks = deferred[array.position], array.arrayValue?.isEmpty == true {
            return JSONElements(storage: .marks(marks, self))
        }
        return array.arrayValue.map { JSONElements(storage: .values($0)) }
    }
}

/// An array's elements, kept in the tree or read from the bytes as each is asked for (the
/// elements of a deferred array are checked when the document is parsed, so reading one again
/// cannot fail).
public struct JSONElements: RandomAccessCollection, Sendable {
    enum Storage: Sendable {
        case values([JSONValue])
        case marks([JSONMark], JSONDocument)
    }

    let storage: Storage

    init(storage: Storage) { self.storage = storage }

    /// Elements the tree holds.
    public init(_ values: [JSONValue]) { storage = .values(values) }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .values(let values): values.count
        case .marks(let marks, _): marks.count
        }
    }

    public subscript(position: Int) -> JSONValue {
        switch storage {
        case .values(let values):
            return values[position]
        case .marks(let marks, let document):
            let mark = marks[position]
            return (try? JSONParser.parseValue(in: document.bytes, at: mark, maximumDepth: document.maximumDepth))
                ?? JSONValue(.null, at: mark.position)
        }
    }
}
