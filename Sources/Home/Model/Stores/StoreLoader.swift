import Foundation

/// Reads stores.json (docs/home-format.md "Stores"). A store with a bad field, an unknown time zone
/// or unreadable hours is left out with a message (wrong hours would mislead); only an unreadable
/// file, bad JSON, a wrong version or no usable store is fatal.
public enum StoreLoader {
    public static let supportedVersion = 1
    /// 500 stores of the bundled kind are about 370 KB.
    public static let maximumFileSize = 1_048_576
    /// The list is not virtualized: 500 rows are built in about 40 ms and filtered in about 4 ms a
    /// keystroke (debug build, this machine); 2,000 took 200 ms and 30 ms. See docs/home.md ("Order, Gift and Stores").
    public static let maximumStores = 500
    public static let maximumIntervalsPerDay = 4

    public static func load(_ url: URL) -> TabDataLoad<[Store]> {
        switch TabDataFile.parse(url, maximumSize: maximumFileSize, what: "stores file") {
        case let .failure(problem): .failed(fatal: problem, problems: [])
        case let .success(root): validate(root, file: url.path)
        }
    }

    public static func parse(_ data: Data, file: String) -> TabDataLoad<[Store]> {
        switch TabDataFile.parse(data, file: file) {
        case let .failure(problem): .failed(fatal: problem, problems: [])
        case let .success(root): validate(root, file: file)
        }
    }

    static func validate(_ root: JSONValue, file: String) -> TabDataLoad<[Store]> {
        var reader = TabDataFile(file: file)
        if let problem = reader.checkVersion(root, supported: supportedVersion) {
            return .failed(fatal: problem, problems: [])
        }
        let values: [JSONValue]
        switch reader.array(root, "stores", limit: maximumStores, what: "stores") {
        case let .failure(problem): return .failed(fatal: problem, problems: reader.orderedProblems)
        case let .success(array): values = array
        }
        var stores: [Store] = []
        var lines: [String: Int] = [:]
        for (index, value) in values.enumerated() {
            guard value.objectMembers != nil else {
                reader.skip(at: value.position, "store \(index + 1) must be an object, found \(value.typeDescription)")
                continue
            }
            var fields = EntryFields(value)
            let id = fields.id(), name = fields.string("name", maxLength: 80)
            let phone = fields.string("phone", maxLength: 40, required: false) ?? ""
            if let id, let line = lines[id] { fields.fail(value["id"], "the id \"\(id)\" is already used on line \(line)") }

            var address: StoreAddress?
            if let addressValue = value["address"], addressValue.objectMembers != nil {
                var addressFields = EntryFields(addressValue)
                let street = addressFields.string("street", maxLength: 120), city = addressFields.string("city", maxLength: 80)
                let region = addressFields.string("region", maxLength: 80, required: false) ?? ""
                let postalCode = addressFields.string("postalCode", maxLength: 20, required: false) ?? ""
                let country = addressFields.string("country", maxLength: 2)
                for failure in addressFields.failures { fields.fail(addressValue, "address: \(failure.message)") }
                if let street, let city, let country {
                    address = StoreAddress(street: street, city: city, region: region, postalCode: postalCode, country: country)
                }
            } else {
                fields.fail(value["address"], "\"address\" must be an object with street, city and country")
            }

            var timeZone: TimeZone?
            if let zone = fields.string("timeZone", maxLength: 64) {
                // IANA names only ("Europe/Berlin", "UTC"): abbreviations such as "PST" are ambiguous.
                if (zone.contains("/") || zone == "UTC"), let found = TimeZone(identifier: zone) {
                    timeZone = found
                } else {
                    fields.fail(value["timeZone"], "\"timeZone\" \"\(zone)\" is not an IANA time zone like \"America/New_York\"")
                }
            }
            let hours = readHours(value["hours"], fields: &fields, reader: &reader)

            guard fields.isValid, let id, let name, let address, let timeZone, let hours else {
                reader.skip(at: value.position, fields.message("store \(id.map { "\"\($0)\"" } ?? String(index + 1))"))
                continue
            }
            lines[id] = value.position.line
            stores.append(Store(id: id, name: name, address: address, phone: phone, timeZone: timeZone, hours: hours))
        }
        guard !stores.isEmpty else {
            return .failed(fatal: reader.fatal(at: root["stores"], "there are no stores to show"), problems: reader.orderedProblems)
        }
        return .loaded(stores, problems: reader.orderedProblems)
    }

    private static func readHours(_ value: JSONValue?, fields: inout EntryFields, reader: inout TabDataFile) -> WeeklyHours? {
        guard let value, let members = value.objectMembers else {
            fields.fail(value, "\"hours\" must be an object with a list of openings per weekday")
            return nil
        }
        var days: [Weekday: [OpeningInterval]] = [:]
        var ok = true
        for member in members {
            guard let day = Weekday.allCases.first(where: { $0.key == member.key }) else {
                reader.warn(at: member.value, "\"\(member.key)\" is not a weekday (monday … sunday); it is ignored")
                continue
            }
            guard let texts = member.value.arrayValue, texts.count <= maximumIntervalsPerDay else {
                fields.fail(member.value, "\"\(member.key)\" must be a list of at most \(maximumIntervalsPerDay) openings like \"06:00-21:00\"")
                ok = false
                continue
            }
            var intervals: [OpeningInterval] = []
            for text in texts {
                guard let string = text.stringValue, let interval = OpeningInterval(text: string) else {
                    fields.fail(text, "\(member.key): an opening must read \"HH:MM-HH:MM\" (24-hour; \"22:00-02:00\" runs past midnight)")
                    ok = false
                    continue
                }
                intervals.append(interval)
            }
            days[day] = intervals
        }
        return ok ? WeeklyHours(days) : nil
    }
}
