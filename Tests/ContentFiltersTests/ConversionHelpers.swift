import ContentFilters
import Foundation
import XCTest

/// The converter run on lines written in the test, and its output read back a rule a line.
struct Conversion {
    let output: FilterOutput

    init(_ lines: [String], limits: FilterLimits = .standard) {
        var converter = FilterConverter(limits: limits)
        converter.addList(named: "Test", text: lines.joined(separator: "\n"))
        output = converter.finish()
    }

    var report: ListReport {
        output.report.lists[0]
    }

    /// Every chunk's rules as the JSON text of each (one a line, as the converter writes them).
    var chunks: [[String]] {
        output.chunks.map { chunk in
            String(decoding: chunk.json, as: UTF8.self).split(separator: "\n")
                .filter { $0 != "[" && $0 != "]" }
                .map { $0.hasSuffix(",") ? String($0.dropLast()) : String($0) }
        }
    }

    /// The rules, when they fit one chunk.
    var rules: [String] {
        chunks.first ?? []
    }
}

/// A block rule's text, for short expectations.
func blockRule(_ trigger: String) -> String {
    "{\"trigger\":{\(trigger)},\"action\":{\"type\":\"block\"}}"
}

func exceptionRule(_ trigger: String) -> String {
    "{\"trigger\":{\(trigger)},\"action\":{\"type\":\"ignore-previous-rules\"}}"
}

/// `||` as the converter writes it, JSON-escaped.
let anchor = #"^[a-z][a-z0-9+.-]*://([^/:]*\\.)?"#
