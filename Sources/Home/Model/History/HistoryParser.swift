import Foundation
import JSONReader

/// One row of the history: what the server sent, checked.
public struct HistoryTransaction: Sendable, Hashable {
    public var id: String
    /// What happened ("redeemed", "earned", …), shown as sent.
    public var type: String
    /// Stars, a whole number.
    public var amount: Int
    public var processedAt: Date
    /// Where the row starts in the response, for messages about it.
    public var line: Int

    public init(id: String, type: String, amount: Int, processedAt: Date, line: Int = 0) {
        self.id = id
        self.type = type
        self.amount = amount
        self.processedAt = processedAt
        self.line = line
    }
}

/// A response read into rows, with the rows that were left out and why.
public struct HistoryDocument: Sendable, Equatable {
    public var transactions: [HistoryTransaction]
    /// One problem per skipped row.
    public var skipped: [DataProblem]
    /// Rows past `HistoryParser.maximumTransactions`, not read.
    public var overflow: Int = 0
}

/// Reads the history response (`docs/home-format.md`, "History"):
/// `{ "transactions": [ { "id", "type", "amount", "processed_at" } ] }`.
///
/// Whatever the server sends, the result is rows to show or one problem saying why there are
/// none; a bad row costs only that row. Every input has a limit, so a hostile or broken server
/// cannot make the parse run long or hold much memory.
public enum HistoryParser {
    /// A year of a heavy user's history is ~30 KB; 10,000 rows are ~1.2 MB. Larger responses are
    /// refused before they are read to the end (the fetch stops at this many bytes).
    public static let maximumResponseBytes = 5 * 1024 * 1024
    /// Rows past this many are left out (and the user is told).
    public static let maximumTransactions = 50_000
    public static let maximumIDLength = 64
    public static let maximumTypeLength = 40
    public static let maximumDateLength = 40
    /// Stars in one transaction; a larger number is a server bug, not a purchase.
    public static let maximumAmount = 1_000_000
    /// The seed's response nests three levels; 16 is plenty and keeps the parser's recursion small.
    public static let maximumDepth = 16

    public static func parse(_ data: Data, source: String) -> Result<HistoryDocument, DataProblem> {
        func fatal(_ message: String, at position: SourcePosition? = nil, column: Bool = false) -> Result<HistoryDocument, DataProblem> {
            .failure(DataProblem(severity: .fatal, file: source, line: position?.line,
                                 column: column ? position?.column : nil, message: message))
        }
        guard data.count <= maximumResponseBytes else {
            return fatal("the response is too large (\(data.count / 1024) KB; the limit is \(maximumResponseBytes / 1_048_576) MB)")
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(data, maximumDepth: maximumDepth)
        } catch {
            return .failure(DataProblem(severity: .fatal, file: source, line: error.position.line,
                                        column: error.position.column, message: error.message))
        }
        guard root.objectMembers != nil else {
            return fatal("expected an object with \"transactions\", found \(root.typeDescription)", at: root.position, column: true)
        }
        guard let list = root["transactions"] else {
            return fatal("\"transactions\" is missing", at: root.position, column: true)
        }
        guard let rows = list.arrayValue else {
            return fatal("\"transactions\" must be an array, found \(list.typeDescription)", at: list.position, column: true)
        }
        var transactions: [HistoryTransaction] = []
        transactions.reserveCapacity(min(rows.count, maximumTransactions))
        var skipped: [DataProblem] = []
        for row in rows.prefix(maximumTransactions) {
            switch transaction(row) {
            case let .success(t): transactions.append(t)
            case let .failure(reason):
                skipped.append(DataProblem(severity: .skipped, file: source, line: reason.position.line,
                                           column: reason.position.column, message: reason.message))
            }
        }
        return .success(HistoryDocument(transactions: transactions, skipped: skipped, overflow: max(0, rows.count - maximumTransactions)))
    }

    private struct RowProblem: Error {
        var position: SourcePosition
        var message: String
    }

    private static func transaction(_ row: JSONValue) -> Result<HistoryTransaction, RowProblem> {
        guard row.objectMembers != nil else {
            return .failure(RowProblem(position: row.position, message: "a transaction must be an object, found \(row.typeDescription); row skipped"))
        }
        func problem(_ value: JSONValue, _ text: String) -> Result<HistoryTransaction, RowProblem> {
            .failure(RowProblem(position: value.position, message: text + "; row skipped"))
        }
        guard let idValue = row["id"] else { return problem(row, "\"id\" is missing") }
        let id: String
        if let text = idValue.stringValue {
            id = text
        } else if let number = idValue.numberValue, number == number.rounded(), abs(number) < 9e15 {
            id = String(Int(number))
        } else {
            return problem(idValue, "\"id\" must be a string or a whole number, found \(idValue.typeDescription)")
        }
        guard !id.isEmpty, id.count <= maximumIDLength else {
            return problem(idValue, "\"id\" must be 1 to \(maximumIDLength) characters")
        }

        guard let typeValue = row["type"] else { return problem(row, "\"type\" is missing") }
        guard let rawType = typeValue.stringValue else {
            return problem(typeValue, "\"type\" must be a string, found \(typeValue.typeDescription)")
        }
        let type = rawType.trimmingCharacters(in: .whitespaces)
        guard !type.isEmpty, type.count <= maximumTypeLength,
              !type.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) else {
            return problem(typeValue, "\"type\" must be 1 to \(maximumTypeLength) characters of text on one line")
        }

        guard let amountValue = row["amount"] else { return problem(row, "\"amount\" is missing") }
        let amount: Int
        if let text = amountValue.stringValue {
            guard let parsed = wholeNumber(text) else {
                return problem(amountValue, "\"amount\" \"\(text.prefix(20))\" is not a whole number of Stars")
            }
            amount = parsed
        } else if let number = amountValue.numberValue, number == number.rounded(), number >= 0, number <= Double(maximumAmount) {
            amount = Int(number)
        } else {
            return problem(amountValue, "\"amount\" must be a whole number of Stars (a string such as \"150\"), found \(amountValue.typeDescription)")
        }
        guard amount <= maximumAmount else {
            return problem(amountValue, "\"amount\" \(amount) is more than \(maximumAmount) Stars")
        }

        guard let dateValue = row["processed_at"] else { return problem(row, "\"processed_at\" is missing") }
        guard let dateText = dateValue.stringValue else {
            return problem(dateValue, "\"processed_at\" must be a date string such as \"2020-07-17T12:56:27-04:00\", found \(dateValue.typeDescription)")
        }
        guard dateText.utf8.count <= maximumDateLength, let date = ISODate.parse(dateText) else {
            return problem(dateValue, "\"processed_at\" \"\(dateText.prefix(40))\" is not an ISO 8601 date and time with a zone (such as \"2020-07-17T12:56:27-04:00\")")
        }
        return .success(HistoryTransaction(id: id, type: type, amount: amount, processedAt: date, line: row.position.line))
    }

    /// "150" → 150. Digits only (no sign, no fraction, no spaces), at most 7 of them.
    static func wholeNumber(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 7, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(text)
    }
}
