import Foundation

/// Reads menu.json (docs/home-format.md "Menu") into a `Menu`. Never throws or traps: a bad item or
/// category is left out with a message naming its line; only an unreadable file, bad JSON, a wrong
/// version or a menu with nothing left to order is fatal.
public enum MenuLoader {
    public static let supportedVersion = 1
    /// A real menu is tens of kilobytes.
    public static let maximumFileSize = 1_048_576
    public static let maximumCategories = 50
    public static let maximumItemsPerCategory = 200
    public static let maximumSizes = 6
    public static let maximumOptions = 20
    public static let maximumNameLength = 80
    public static let maximumDescriptionLength = 500
    /// No single size or option on a coffee-shop menu costs more.
    public static let maximumPrice = Money.dollars(1_000)

    public static func load(_ url: URL) -> TabDataLoad<Menu> {
        switch TabDataFile.parse(url, maximumSize: maximumFileSize, what: "menu") {
        case let .failure(problem): .failed(fatal: problem, problems: [])
        case let .success(root): validate(root, file: url.path)
        }
    }

    public static func parse(_ data: Data, file: String) -> TabDataLoad<Menu> {
        switch TabDataFile.parse(data, file: file) {
        case let .failure(problem): .failed(fatal: problem, problems: [])
        case let .success(root): validate(root, file: file)
        }
    }

    static func validate(_ root: JSONValue, file: String) -> TabDataLoad<Menu> {
        var reader = TabDataFile(file: file)
        if let problem = reader.checkVersion(root, supported: supportedVersion) {
            return .failed(fatal: problem, problems: [])
        }
        let values: [JSONValue]
        switch reader.array(root, "categories", limit: maximumCategories, what: "categories") {
        case let .failure(problem): return .failed(fatal: problem, problems: reader.orderedProblems)
        case let .success(array): values = array
        }
        var categories: [MenuCategory] = []
        var categoryIDs: [String: Int] = [:]
        var itemIDs: [String: Int] = [:]
        for (index, value) in values.enumerated() {
            var fields = EntryFields(value)
            guard value.objectMembers != nil else {
                reader.skip(at: value.position, "category \(index + 1) must be an object, found \(value.typeDescription)")
                continue
            }
            let id = fields.id()
            let name = fields.string("name", maxLength: maximumNameLength)
            let image = fields.imagePath()
            let itemValues = fields.array("items", limit: maximumItemsPerCategory)
            if let id, let line = categoryIDs[id] { fields.fail(value["id"], "the id \"\(id)\" is already used on line \(line)") }
            let label = "category \(id.map { "\"\($0)\"" } ?? String(index + 1))"
            guard fields.isValid, let id, let name, let itemValues else {
                reader.skip(at: value.position, fields.message(label))
                continue
            }
            categoryIDs[id] = value.position.line
            var items: [MenuItem] = []
            for (itemIndex, itemValue) in itemValues.enumerated() {
                if let item = validateItem(itemValue, number: itemIndex + 1, category: label, ids: &itemIDs, reader: &reader) {
                    items.append(item)
                }
            }
            if items.isEmpty {
                reader.skip(at: value.position, "\(label) left out: it has no items that can be ordered")
                continue
            }
            categories.append(MenuCategory(id: id, name: name, image: image, items: items))
        }
        guard !categories.isEmpty else {
            return .failed(fatal: reader.fatal(at: root["categories"], "the menu has nothing that can be ordered"),
                           problems: reader.orderedProblems)
        }
        return .loaded(Menu(categories: categories), problems: reader.orderedProblems)
    }

    private static func validateItem(_ value: JSONValue, number: Int, category: String,
                                     ids: inout [String: Int], reader: inout TabDataFile) -> MenuItem? {
        guard value.objectMembers != nil else {
            reader.skip(at: value.position, "item \(number) of \(category) must be an object, found \(value.typeDescription)")
            return nil
        }
        var fields = EntryFields(value)
        let id = fields.id()
        let name = fields.string("name", maxLength: maximumNameLength)
        let description = fields.string("description", maxLength: maximumDescriptionLength, required: false) ?? ""
        let image = fields.imagePath()
        if let id, let line = ids[id] { fields.fail(value["id"], "the id \"\(id)\" is already used on line \(line)") }

        var sizes: [MenuSize] = []
        if let sizeValues = fields.array("sizes", limit: maximumSizes) {
            if sizeValues.isEmpty { fields.fail(value["sizes"], "\"sizes\" needs at least one size") }
            for sizeValue in sizeValues {
                var sizeFields = EntryFields(sizeValue)
                let sizeID = sizeFields.id(), sizeName = sizeFields.string("name", maxLength: 40)
                let detail = sizeFields.string("detail", maxLength: 40, required: false) ?? ""
                let price = sizeFields.price("price", limit: maximumPrice)
                if let sizeID, sizes.contains(where: { $0.id == sizeID }) { sizeFields.fail(sizeValue["id"], "size \"\(sizeID)\" is listed twice") }
                if sizeValue.objectMembers == nil { sizeFields.fail(sizeValue, "a size must be an object") }
                if let sizeID, let sizeName, let price, sizeFields.isValid {
                    sizes.append(MenuSize(id: sizeID, name: sizeName, detail: detail, price: price))
                } else {
                    for failure in sizeFields.failures { fields.fail(nil, "a size: \(failure.message)") }
                }
            }
        }
        var options: [MenuOption] = []
        if let optionValues = fields.array("options", limit: maximumOptions, required: false) {
            for optionValue in optionValues {
                var optionFields = EntryFields(optionValue)
                let optionID = optionFields.id(), optionName = optionFields.string("name", maxLength: maximumNameLength)
                let price = optionFields.price("price", limit: maximumPrice)
                if let optionID, options.contains(where: { $0.id == optionID }) {
                    optionFields.fail(optionValue["id"], "option \"\(optionID)\" is listed twice")
                }
                if let optionID, let optionName, let price, optionFields.isValid {
                    options.append(MenuOption(id: optionID, name: optionName, price: price))
                } else {
                    // A bad option only loses that option: the item can still be ordered without it.
                    reader.skip(at: optionValue.position, optionFields.message("an option of item \"\(id ?? String(number))\""))
                }
            }
        }
        var defaultSize: String?
        if let wanted = fields.string("defaultSize", maxLength: 64, required: false) {
            if sizes.contains(where: { $0.id == wanted }) { defaultSize = wanted } else {
                reader.warn(at: value["defaultSize"] ?? value, "item \"\(id ?? String(number))\": \"defaultSize\" \"\(wanted)\" is not one of its sizes; the first size is the default")
            }
        }
        let label = "item \(id.map { "\"\($0)\"" } ?? "\(number) of \(category)")"
        guard fields.isValid, let id, let name, !sizes.isEmpty else {
            reader.skip(at: value.position, fields.message(label))
            return nil
        }
        ids[id] = value.position.line
        return MenuItem(id: id, name: name, description: description, image: image, sizes: sizes, options: options,
                        defaultSizeID: defaultSize)
    }
}
