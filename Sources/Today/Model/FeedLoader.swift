import Foundation

/// Reads a Today feed file (feed-format.md) into a `Feed`, collecting every problem on the way.
///
/// Never throws and never traps on bad content: whatever is in the file, the result is either a
/// feed to show or a fatal problem that says why there is none.
public enum FeedLoader {
    /// A hand-written feed is kilobytes and 100,000 cards are about 40 MB of JSON; refusing
    /// anything bigger keeps a wrong path (a video, a disk image) from being read into memory.
    public static let maximumFileSize = 64 * 1024 * 1024

    public static func load(fileURL: URL) -> FeedLoadResult {
        let file = fileURL.path
        func fatal(_ message: String) -> FeedLoadResult {
            .failed(fatal: FeedProblem(severity: .fatal, file: file, message: message), problems: [])
        }
        let data: Data
        switch DataFile.read(fileURL, maximumSize: maximumFileSize) {
        case let .success(contents):
            data = contents
        case .failure(.missing):
            return fatal("the feed file does not exist")
        case .failure(.folder):
            return fatal("this is a folder, not a feed file")
        case let .failure(.tooLarge(size, limit)):
            return fatal("the file is too large for a feed (\(size / 1_048_576) MB; the limit is "
                + "\(limit / 1_048_576) MB)")
        case let .failure(.unreadable(reason)):
            return fatal("the feed file could not be read (\(reason))")
        case let .failure(failure):
            return fatal("the feed file cannot be used: \(failure)")
        }
        return parse(data: consume data, fileURL: fileURL)
    }

    /// Parses feed bytes as if read from `fileURL`, which names the file in problems and is the
    /// base for image paths. The cards are checked in one pass over the bytes and read one at a
    /// time as they are made (`JSONParser.parseDocument(_:deferring:)`): memory grows with the
    /// cards made, not with a tree of the whole file (docs/feed-format.md, "Cards, and the memory they take").
    public static func parse(data: consuming Data, fileURL: URL) -> FeedLoadResult {
        let document: JSONDocument
        do {
            document = try JSONParser.parseDocument(data, deferring: ["sections", "cards"])
        } catch {
            let problem = FeedProblem(severity: .fatal, file: fileURL.path, line: error.position.line,
                                      column: error.position.column, message: error.message)
            return .failed(fatal: problem, problems: [])
        }
        var validator = FeedValidator(file: fileURL.path, directory: fileURL.deletingLastPathComponent(), document: document)
        return validator.validate(document.root)
    }
}

/// Turns parsed JSON into a `Feed` following the contract's rules on what is fatal, what skips a
/// card or section, and what is only a warning.
struct FeedValidator {
    static let topLevelFields: Set<String> = ["version", "profileImage", "sections"]
    static let sectionFields: Set<String> = ["date", "title", "cards"]
    static let cardFields: Set<String> = [
        "id", "kind", "eyebrow", "title", "subtitle", "image", "body", "accent", "textColor",
    ]

    let file: String
    let directory: URL
    private var problems: [FeedProblem] = []
    /// Every well-formed id met so far (also of skipped cards), with its line, so a duplicate
    /// can say where the first one is.
    private var idLines: [String: Int] = [:]
    private var resolvedImages: [String: Result<URL, ImageRefusal>] = [:]

    /// Where the cards' deferred elements are read from.
    let document: JSONDocument

    init(file: String, directory: URL, document: JSONDocument) {
        self.file = file
        self.directory = directory
        self.document = document
    }

    mutating func validate(_ root: JSONValue) -> FeedLoadResult {
        guard let members = root.objectMembers else {
            return fatal(at: root, "the top level must be an object with \"version\" and \"sections\", "
                + "found \(root.typeDescription)")
        }
        reportDuplicateAndUnknownFields(members, known: Self.topLevelFields, context: nil)

        guard let version = root["version"] else {
            return fatal(at: root, "\"version\" is missing; this app reads version \(Feed.supportedVersion)")
        }
        guard let number = version.numberValue else {
            return fatal(at: version, "\"version\" must be the number \(Feed.supportedVersion), "
                + "found \(version.typeDescription)")
        }
        guard number == Double(Feed.supportedVersion) else {
            return fatal(at: version, "unsupported \"version\" \(formatted(number)); "
                + "this app reads version \(Feed.supportedVersion)")
        }
        guard let sectionsValue = root["sections"] else {
            return fatal(at: root, "\"sections\" is missing; expected an array of sections")
        }
        guard let sectionValues = sectionsValue.arrayValue else {
            return fatal(at: sectionsValue, "\"sections\" must be an array, found \(sectionsValue.typeDescription)")
        }

        var profileImageURL: URL?
        if let profile = root["profileImage"], !profile.isNull {
            if let path = profile.stringValue {
                profileImageURL = resolveImage(path, at: profile, context: nil, field: "profileImage")
            } else {
                warn(at: profile, "\"profileImage\" must be a string, found \(profile.typeDescription); "
                    + "no profile picture is shown")
            }
        }

        var sections: [FeedSection] = []
        for (offset, value) in sectionValues.enumerated() {
            if let section = validateSection(value, number: offset + 1), !section.cards.isEmpty {
                sections.append(section)
            }
        }

        // Problems are found section by section, field by field; the reader wants them top to bottom.
        let ordered = problems.enumerated().sorted {
            ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset)
        }.map(\.element)

        guard !sections.isEmpty else {
            let skipped = ordered.contains { $0.severity == .skipped }
            let reason = skipped ? "every card was skipped" : "the feed has no cards"
            let problem = FeedProblem(severity: .fatal, file: file, line: sectionsValue.position.line,
                                      message: "no cards could be shown: \(reason)")
            return .failed(fatal: problem, problems: ordered)
        }
        return .loaded(Feed(profileImageURL: profileImageURL, sections: sections), problems: ordered)
    }

    // MARK: Sections

    private mutating func validateSection(_ value: JSONValue, number: Int) -> FeedSection? {
        guard let members = value.objectMembers else {
            skip(at: value, "section \(number) must be an object, found \(value.typeDescription)")
            return nil
        }
        var context = "section \(number)"
        var failures: [(JSONValue, String)] = []

        var date: CalendarDate?
        if let dateValue = value["date"] {
            if let text = dateValue.stringValue {
                date = CalendarDate(iso8601: text)
                if let date {
                    context = "section \(date)"
                } else {
                    failures.append((dateValue, "\"date\" must be a calendar date like 2026-11-21, found \"\(text)\""))
                }
            } else {
                failures.append((dateValue, "\"date\" must be a string like \"2026-11-21\", found \(dateValue.typeDescription)"))
            }
        } else {
            failures.append((value, "\"date\" is missing"))
        }

        var title = FeedSection.defaultTitle
        if let titleValue = value["title"], !titleValue.isNull {
            if let text = titleValue.stringValue {
                title = limited(text, FeedLimits.sectionTitle, at: titleValue, "\(context): \"title\"")
            } else {
                failures.append((titleValue, "\"title\" must be a string, found \(titleValue.typeDescription)"))
            }
        }

        var cardValues = JSONElements([])
        if let cardsValue = value["cards"] {
            if let array = document.elements(of: cardsValue) {
                cardValues = array
            } else {
                failures.append((cardsValue, "\"cards\" must be an array, found \(cardsValue.typeDescription)"))
            }
        } else {
            failures.append((value, "\"cards\" is missing"))
        }

        reportDuplicateAndUnknownFields(members, known: Self.sectionFields, context: context)
        for (at, message) in failures { skip(at: at, "\(context): \(message)") }
        guard failures.isEmpty, let date else { return nil }
        if cardValues.isEmpty, let cardsValue = value["cards"] {
            warn(at: cardsValue, "\(context) has no cards")
        }

        var cards: [Card] = []
        for (offset, cardValue) in cardValues.enumerated() {
            if let card = validateCard(cardValue, number: offset + 1, section: context) {
                cards.append(card)
            }
        }
        return FeedSection(date: date, title: title, cards: cards)
    }

    // MARK: Cards

    private mutating func validateCard(_ value: JSONValue, number: Int, section: String) -> Card? {
        guard let members = value.objectMembers else {
            skip(at: value, "card \(number) (\(section)) must be an object, found \(value.typeDescription)")
            return nil
        }
        var fields = CardFields(card: value)

        let id = fields.requiredString("id", nonEmpty: true)
        let context = id.map { "card \"\($0)\" (\(section))" } ?? "card \(number) (\(section))"
        if let id, let idValue = value["id"] {
            if let firstLine = idLines[id] {
                fields.fail(idValue, "duplicate id \"\(id)\" (first used on line \(firstLine))")
            } else {
                idLines[id] = idValue.position.line
            }
        }

        var kind: CardKind?
        if let kindText = fields.requiredString("kind", nonEmpty: false) {
            kind = CardKind(rawValue: kindText)
            if kind == nil, let kindValue = value["kind"] {
                let expected = CardKind.allCases.map(\.rawValue).joined(separator: ", ")
                fields.fail(kindValue, "unknown \"kind\" \"\(kindText)\"; expected one of \(expected)")
            }
        }
        if let id, id.utf8.count > FeedLimits.id, FeedLimits.truncated(id, to: FeedLimits.id) != nil, let idValue = value["id"] {
            fields.fail(idValue, "\"id\" is longer than \(FeedLimits.id) characters")
        }
        let eyebrow = fields.requiredString("eyebrow", nonEmpty: false)
            .map { limited($0, FeedLimits.eyebrow, at: value["eyebrow"], "\(context): \"eyebrow\"") }
        let title = fields.requiredString("title", nonEmpty: true)
            .map { limited($0, FeedLimits.title, at: value["title"], "\(context): \"title\"") }
        let subtitle = fields.optionalString("subtitle")
            .map { limited($0, FeedLimits.subtitle, at: value["subtitle"], "\(context): \"subtitle\"") }
        let imagePath = fields.optionalString("image")
        let body = limitedBody(fields.body(), at: value["body"], context: context)

        var accent: RGBColor?
        if let accentText = fields.optionalString("accent"), let accentValue = value["accent"] {
            accent = RGBColor(hex: accentText)
            if accent == nil {
                fields.fail(accentValue, "\"accent\" must be a colour like \"#1B2A49\", found \"\(accentText)\"")
            }
        }
        var textColor = CardTextColor.light
        if let colorText = fields.optionalString("textColor"), let colorValue = value["textColor"] {
            if let parsed = CardTextColor(rawValue: colorText) {
                textColor = parsed
            } else {
                fields.fail(colorValue, "\"textColor\" must be \"light\" or \"dark\", found \"\(colorText)\"")
            }
        }

        reportDuplicateAndUnknownFields(members, known: Self.cardFields, context: context)
        for (at, message) in fields.failures { skip(at: at, "\(context): \(message)") }
        guard fields.failures.isEmpty, let id, let kind, let eyebrow, let title else { return nil }

        var imageURL: URL?
        if let imagePath, let imageValue = value["image"] {
            imageURL = resolveImage(imagePath, at: imageValue, context: context, field: "image")
        }
        return Card(id: id, kind: kind, eyebrow: eyebrow, title: title,
                    subtitle: subtitle.flatMap { $0.isEmpty ? nil : $0 },
                    imageURL: imageURL, body: body, accent: accent, textColor: textColor)
    }

    // MARK: Limits

    /// `text`, cut to `limit` characters with a warning when it is longer.
    private mutating func limited(_ text: String, _ limit: Int, at value: JSONValue?, _ what: String) -> String {
        guard let cut = FeedLimits.truncated(text, to: limit) else { return text }
        warn(line: value?.position.line ?? 0, "\(what) is \(FeedLimits.grouped(text.utf8.count)) bytes long; only the first "
            + "\(limit) characters are shown")
        return cut
    }

    /// The story's paragraphs within the per-paragraph, paragraph-count and total limits.
    private mutating func limitedBody(_ paragraphs: [String], at value: JSONValue?, context: String) -> [String] {
        var kept: [String] = []
        var total = 0
        for (offset, paragraph) in paragraphs.enumerated() {
            if kept.count == FeedLimits.paragraphs || total >= FeedLimits.body {
                warn(line: value?.position.line ?? 0, "\(context): \"body\" has more than "
                    + (kept.count == FeedLimits.paragraphs ? "\(FeedLimits.paragraphs) paragraphs" : "\(FeedLimits.grouped(FeedLimits.body)) characters")
                    + "; paragraphs \(offset + 1) to \(paragraphs.count) are left out")
                break
            }
            let text = limited(paragraph, min(FeedLimits.paragraph, FeedLimits.body - total), at: value,
                               "\(context): \"body\" paragraph \(offset + 1)")
            total += text.utf8.count <= FeedLimits.paragraph ? text.count : FeedLimits.paragraph
            kept.append(text)
        }
        return kept
    }

    // MARK: Shared checks

    /// Unknown fields are ignored for forward compatibility, but said out loud: a typo such as
    /// "subtitel" would otherwise silently lose content.
    private mutating func reportDuplicateAndUnknownFields(_ members: [JSONMember], known: Set<String>, context: String?) {
        let prefix = context.map { "\($0): " } ?? ""
        var seen: Set<String> = []
        for member in members {
            if !seen.insert(member.key).inserted {
                warn(line: member.keyPosition.line, "\(prefix)duplicate field \"\(member.key)\"; the last one is used")
            } else if !known.contains(member.key) {
                warn(line: member.keyPosition.line, "\(prefix)unknown field \"\(member.key)\" is ignored")
            }
        }
    }

    /// A file URL for an image path relative to the feed's folder; nil (with a warning) when the
    /// file is not there, so the view shows its placeholder.
    private mutating func resolveImage(_ path: String, at value: JSONValue, context: String?, field: String) -> URL? {
        let prefix = context.map { "\($0): " } ?? ""
        guard !path.isEmpty else {
            warn(at: value, "\(prefix)\"\(field)\" is empty; a placeholder is shown")
            return nil
        }
        if path.contains("://") {
            warn(at: value, "\(prefix)\"\(field)\" must be a file path relative to the feed, not a web address; "
                + "a placeholder is shown")
            return nil
        }
        switch existingImage(path) {
        case .success(let url):
            return url
        case .failure(let refusal):
            warn(at: value, "\(prefix)image \"\(path)\" \(refusal); a placeholder is shown")
            return nil
        }
    }

    /// Feeds reuse a handful of images across many cards: resolve and check each path once.
    private mutating func existingImage(_ path: String) -> Result<URL, ImageRefusal> {
        if let known = resolvedImages[path] { return known }
        let result = ImagePath.resolve(path, in: directory)
        resolvedImages[path] = result
        return result
    }

    private mutating func skip(at value: JSONValue, _ message: String) {
        problems.append(FeedProblem(severity: .skipped, file: file, line: value.position.line, message: message))
    }

    private mutating func warn(at value: JSONValue, _ message: String) {
        warn(line: value.position.line, message)
    }

    private mutating func warn(line: Int, _ message: String) {
        problems.append(FeedProblem(severity: .warning, file: file, line: line, message: message))
    }

    private func fatal(at value: JSONValue, _ message: String) -> FeedLoadResult {
        let problem = FeedProblem(severity: .fatal, file: file, line: value.position.line, message: message)
        return .failed(fatal: problem, problems: problems)
    }

    private func formatted(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}

/// Reads a card's known fields, remembering every reason the card cannot be shown.
private struct CardFields {
    let card: JSONValue
    private(set) var failures: [(JSONValue, String)] = []

    init(card: JSONValue) {
        self.card = card
    }

    mutating func fail(_ value: JSONValue, _ message: String) {
        failures.append((value, message))
    }

    /// Whitespace alone counts as empty: a blank title is as invisible as a missing one.
    mutating func requiredString(_ name: String, nonEmpty: Bool) -> String? {
        guard let value = card[name] else {
            fail(card, "\"\(name)\" is missing")
            return nil
        }
        guard let text = value.stringValue else {
            fail(value, "\"\(name)\" must be a string, found \(value.typeDescription)")
            return nil
        }
        if nonEmpty, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            fail(value, "\"\(name)\" must not be empty")
            return nil
        }
        return text
    }

    /// Absent and null both mean "not given".
    mutating func optionalString(_ name: String) -> String? {
        guard let value = card[name], !value.isNull else { return nil }
        guard let text = value.stringValue else {
            fail(value, "\"\(name)\" must be a string, found \(value.typeDescription)")
            return nil
        }
        return text
    }

    /// A single string is one paragraph; an array is one paragraph per element.
    mutating func body() -> [String] {
        guard let value = card["body"], !value.isNull else { return [] }
        if let text = value.stringValue { return [text] }
        guard let elements = value.arrayValue else {
            fail(value, "\"body\" must be a string or an array of strings, found \(value.typeDescription)")
            return []
        }
        var paragraphs: [String] = []
        for (offset, element) in elements.enumerated() {
            if let text = element.stringValue {
                paragraphs.append(text)
            } else {
                fail(element, "\"body\" paragraph \(offset + 1) must be a string, found \(element.typeDescription)")
            }
        }
        return paragraphs
    }
}
