import Foundation

/// Something wrong with a data file (a feed, a menu, a star catalogue), located for the person who
/// will fix it. Every section reports bad files in this one form.
public struct DataProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Severity: Sendable, Hashable, Comparable {
        /// Noted, and shown anyway: an unknown field, a missing image.
        case warning
        /// A card or section was left out; the rest still shows.
        case skipped
        /// The file could not be used at all.
        case fatal
    }

    public var severity: Severity
    /// The file's path.
    public var file: String
    /// 1-based; nil for problems with the file as a whole (missing, unreadable).
    public var line: Int?
    /// Only syntax errors carry a column; the contract's messages are `file:line:`.
    public var column: Int?
    public var message: String

    public init(severity: Severity, file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line: message` (`file:line:column:` for syntax errors), the form compilers use, so
    /// terminals and editors can jump to it.
    public var description: String {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        return "\(location): \(message)"
    }
}
