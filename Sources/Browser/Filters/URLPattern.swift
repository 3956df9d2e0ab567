/// An Adblock Plus address pattern as a `url-filter`: the regular-expression subset WebKit compiles
/// into its automaton (no alternation, no counted repetition, `^` and `$` only at the ends).
enum URLPattern {
    /// What a `||` domain anchor stands for: a scheme, then the host itself or any subdomain of it.
    /// WebKit matches against the normalised address, always lower-case scheme and host.
    static let domainAnchor = "^[a-z][a-z0-9+.-]*://([^/:]*\\.)?"
    /// Adblock Plus's separator `^`: any character but a letter, a digit or one of `_ - . %`.
    static let separator = "[^a-zA-Z0-9_.%-]"
    /// A separator right after a `||` host: WebKit's addresses always have a path or a port there.
    static let separatorAfterHost = "[/:]"
    /// A separator ending the pattern: a separator and anything, or the end of the address (what
    /// Adblock Plus also lets `^` match, written without alternation).
    static let separatorAtEnd = "([^a-zA-Z0-9_.%-].*)?$"

    enum Translation: Equatable {
        case filter(String)
        /// The pattern is only wildcards: it matches every address.
        case everything
        case skipped(SkipReason)
    }

    static func translate(_ pattern: Substring) -> Translation {
        if pattern.count > 2, pattern.hasPrefix("/"), pattern.hasSuffix("/") {
            let body = pattern.dropFirst().dropLast()
            guard body.unicodeScalars.allSatisfy(\.isASCII) else { return .skipped(.nonASCII) }
            return RegexSubset.accepts(body) ? .filter(String(body)) : .skipped(.regexOutsideWebKitSubset)
        }
        guard pattern.unicodeScalars.allSatisfy(\.isASCII) else { return .skipped(.nonASCII) }
        var rest = pattern
        var out = ""
        var inHost = false
        if rest.hasPrefix("||") {
            rest = rest.dropFirst(2)
            out = domainAnchor
            inHost = true
        } else if rest.hasPrefix("|") {
            rest = rest.dropFirst()
            out = "^"
        }
        var endAnchor = false
        if rest.hasSuffix("|") {
            rest = rest.dropLast()
            endAnchor = true
        }
        // Wildcards at an open end add nothing: WebKit's url-filter is a search, not a whole match.
        if out.isEmpty { while rest.hasPrefix("*") { rest = rest.dropFirst() } }
        if !endAnchor { while rest.hasSuffix("*") { rest = rest.dropLast() } }
        if rest.isEmpty && out.isEmpty && !endAnchor { return .everything }

        var index = rest.startIndex
        while index < rest.endIndex {
            let character = rest[index]
            let next = rest.index(after: index)
            switch character {
            case "*":
                out += ".*"
            case "^":
                if inHost {
                    out += separatorAfterHost
                } else if next == rest.endIndex && !endAnchor {
                    out += separatorAtEnd
                } else {
                    out += separator
                }
                inHost = false
            case "/", ":":
                inHost = false
                out.append(character)
            case "?":
                inHost = false
                out += "\\?"
            case ".", "+", "$", "{", "}", "(", ")", "[", "]", "\\", "|":
                out += "\\" + String(character)
            default:
                if character.asciiValue.map({ $0 < 0x21 || $0 == 0x7F }) ?? true {
                    return .skipped(.malformed)
                }
                out.append(character)
            }
            index = next
        }
        if endAnchor { out += "$" }
        return .filter(out)
    }
}

/// Whether a regular-expression filter's body stays inside what WebKit's url-filter parser takes:
/// literals, escaped punctuation, `.`, bracket classes, plain groups, `*` `+` `?` after an atom,
/// `^` first and `$` last. Anything else (`|`, `{n}`, `\d`, `(?`, lazy quantifiers, back
/// references, anchors inside) is refused rather than rewritten.
enum RegexSubset {
    static func accepts(_ body: Substring) -> Bool {
        let characters = Array(body)
        var index = 0
        var depth = 0
        var atomBefore = false
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "^":
                guard index == 0 else { return false }
                atomBefore = false
            case "$":
                guard index == characters.count - 1, depth == 0 else { return false }
                atomBefore = false
            case "|", "{", "}":
                return false
            case "*", "+", "?":
                guard atomBefore else { return false }
                atomBefore = false
            case "(":
                if index + 1 < characters.count, characters[index + 1] == "?" { return false }
                depth += 1
                atomBefore = false
            case ")":
                guard depth > 0 else { return false }
                depth -= 1
                atomBefore = true
            case "\\":
                guard index + 1 < characters.count, isEscapablePunctuation(characters[index + 1]) else { return false }
                index += 1
                atomBefore = true
            case "[":
                guard let end = classEnd(characters, from: index) else { return false }
                index = end
                atomBefore = true
            case "]":
                return false
            default:
                guard let ascii = character.asciiValue, ascii >= 0x21, ascii != 0x7F else { return false }
                atomBefore = true
            }
            index += 1
        }
        return depth == 0
    }

    /// The index of the `]` closing the class opened at `start`, if the class holds only literals,
    /// ranges and escaped punctuation.
    private static func classEnd(_ characters: [Character], from start: Int) -> Int? {
        var index = start + 1
        if index < characters.count, characters[index] == "^" { index += 1 }
        var first = true
        while index < characters.count {
            let character = characters[index]
            if character == "]" && !first { return index }
            if character == "\\" {
                guard index + 1 < characters.count, isEscapablePunctuation(characters[index + 1]) else { return nil }
                index += 1
            } else if character == "[" {
                return nil
            } else {
                guard let ascii = character.asciiValue, ascii >= 0x20, ascii != 0x7F else { return nil }
            }
            first = false
            index += 1
        }
        return nil
    }

    private static func isEscapablePunctuation(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue, ascii >= 0x21, ascii < 0x7F else { return false }
        return !(character.isLetter || character.isNumber)
    }
}
