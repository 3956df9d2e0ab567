import Foundation

/// Reads gifts.json (docs/home-format.md "Gifts"). Bad designs are left out with a message; bad
/// limits fall back to the defaults with a warning; only an unreadable file, bad JSON, a wrong
/// version or no usable design is fatal.
public enum GiftLoader {
    public static let supportedVersion = 1
    public static let maximumFileSize = 262_144
    public static let maximumDesigns = 60
    public static let maximumPresets = 6

    public static func load(_ url: URL) -> TabDataLoad<GiftCatalog> {
        switch TabDataFile.parse(url, maximumSize: maximumFileSize, what: "gift designs file") {
        case let .failure(problem): .failed(fatal: problem, problems: [])
        case let .success(root): validate(root, file: url.path)
        }
    }

    public static func parse(_ data: Data, file: String) -> TabDataLoad<GiftCatalog> {
        switch TabDataFile.parse(data, file: file) {
        case let .failure(problem): .failed(fatal: problem, problems: [])
        case let .success(root): validate(root, file: file)
        }
    }

    static func validate(_ root: JSONValue, file: String) -> TabDataLoad<GiftCatalog> {
        var reader = TabDataFile(file: file)
        if let problem = reader.checkVersion(root, supported: supportedVersion) {
            return .failed(fatal: problem, problems: [])
        }
        let limits = readLimits(root["limits"], reader: &reader)
        let values: [JSONValue]
        switch reader.array(root, "designs", limit: maximumDesigns, what: "designs") {
        case let .failure(problem): return .failed(fatal: problem, problems: reader.orderedProblems)
        case let .success(array): values = array
        }
        var designs: [GiftDesign] = []
        var lines: [String: Int] = [:]
        for (index, value) in values.enumerated() {
            guard value.objectMembers != nil else {
                reader.skip(at: value.position, "design \(index + 1) must be an object, found \(value.typeDescription)")
                continue
            }
            var fields = EntryFields(value)
            let id = fields.id(), name = fields.string("name", maxLength: 60)
            let occasion = fields.string("occasion", maxLength: 40, required: false) ?? ""
            let image = fields.imagePath()
            if let id, let line = lines[id] { fields.fail(value["id"], "the id \"\(id)\" is already used on line \(line)") }
            guard fields.isValid, let id, let name else {
                reader.skip(at: value.position, fields.message("design \(id.map { "\"\($0)\"" } ?? String(index + 1))"))
                continue
            }
            lines[id] = value.position.line
            designs.append(GiftDesign(id: id, name: name, occasion: occasion, image: image))
        }
        guard !designs.isEmpty else {
            return .failed(fatal: reader.fatal(at: root["designs"], "there are no gift designs to choose from"),
                           problems: reader.orderedProblems)
        }
        return .loaded(GiftCatalog(designs: designs, limits: limits), problems: reader.orderedProblems)
    }

    private static func readLimits(_ value: JSONValue?, reader: inout TabDataFile) -> GiftLimits {
        var limits = GiftLimits()
        guard let value else { return limits }
        guard value.objectMembers != nil else {
            reader.warn(at: value, "\"limits\" must be an object; the default limits are used")
            return limits
        }
        var fields = EntryFields(value)
        let minimum = fields.price("minimum", limit: GiftLimits.hardMaximum, required: false)
        let maximum = fields.price("maximum", limit: GiftLimits.hardMaximum, required: false)
        if let minimum { limits.minimum = max(minimum, GiftLimits.hardMinimum) }
        if let maximum { limits.maximum = maximum }
        if limits.minimum > limits.maximum {
            fields.fail(value, "\"minimum\" is above \"maximum\"")
            limits.minimum = GiftLimits().minimum
            limits.maximum = GiftLimits().maximum
        }
        if let presetValues = fields.array("presets", limit: maximumPresets, required: false) {
            var presets: [Money] = []
            for presetValue in presetValues {
                if let number = presetValue.numberValue, let money = Money.fromDollars(number, limit: GiftLimits.hardMaximum),
                   money >= limits.minimum, money <= limits.maximum {
                    if !presets.contains(money) { presets.append(money) }
                } else {
                    fields.fail(presetValue, "a preset amount must be a number of dollars between the minimum and the maximum")
                }
            }
            limits.presets = presets
        } else {
            limits.presets = limits.presets.filter { $0 >= limits.minimum && $0 <= limits.maximum }
        }
        if let messageValue = value["messageLimit"] {
            if let number = messageValue.numberValue, number == number.rounded(), number >= 1, number <= Double(GiftLimits.hardMessageLimit) {
                limits.messageLimit = Int(number)
            } else {
                fields.fail(messageValue, "\"messageLimit\" must be a whole number from 1 to \(GiftLimits.hardMessageLimit)")
            }
        }
        for failure in fields.failures {
            reader.warn(at: JSONValue(.null, at: failure.position), "limits: \(failure.message); that limit keeps its default")
        }
        return limits
    }
}
