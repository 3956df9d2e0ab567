import Foundation
import JSONReader

/// A catalogue star: right ascension and declination in degrees (J2000), visual magnitude.
public struct SkyStar: Sendable, Hashable {
    public var name: String
    public var ra: Double
    public var dec: Double
    public var magnitude: Double
    public init(name: String = "", ra: Double, dec: Double, magnitude: Double) {
        self.name = name; self.ra = ra; self.dec = dec; self.magnitude = magnitude
    }
}

/// One zodiac constellation: the stars its figure joins, the figure's lines (pairs of indices into
/// `stars`), and fainter stars around it.
public struct Constellation: Sendable, Hashable {
    public var sign: ZodiacSign
    public var name: String
    public var stars: [SkyStar]
    public var lines: [[Int]]
    public var field: [SkyStar]
}

/// The twelve constellations in the field's order (docs/stars.md, "The data file").
public struct ZodiacSky: Sendable, Hashable {
    public var constellations: [Constellation]

    /// Limits: the bundled file is about 40 KB; these leave room for richer figures and no more.
    public enum Limits {
        public static let fileSize = 512 * 1024
        public static let starsPerSign = 200
        public static let fieldStarsPerSign = 400
        public static let linesPerSign = 400
        public static let nameLength = 64
        public static let nesting = 16
    }

    /// Reads and validates `url`. Any problem is fatal for the figures (the background still draws)
    /// and is reported as file, line, column and what is wrong.
    public static func load(_ url: URL) -> Result<ZodiacSky, SkyDataFailure> {
        switch DataFile.read(url, maximumSize: Limits.fileSize) {
        case let .failure(failure):
            return .failure(SkyDataFailure(problem: DataProblem(severity: .fatal, file: url.path, message: failure.description)))
        case let .success(data):
            return parse(data, file: url.path)
        }
    }

    public static func parse(_ data: Data, file: String) -> Result<ZodiacSky, SkyDataFailure> {
        let root: JSONValue
        do {
            root = try JSONParser.parse(data, maximumDepth: Limits.nesting)
        } catch {
            return .failure(SkyDataFailure(problem: DataProblem(severity: .fatal, file: file, line: error.position.line, column: error.position.column, message: error.message)))
        }
        do {
            return .success(try ZodiacSkyReader(file: file).sky(root))
        } catch let invalid as SkyDataFailure {
            return .failure(invalid)
        } catch {
            return .failure(SkyDataFailure(problem: DataProblem(severity: .fatal, file: file, message: "\(error)")))
        }
    }
}

/// Why the data file could not be used: one located problem (DataProblem itself is not an Error).
public struct SkyDataFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public let problem: DataProblem
    public var description: String { problem.description }
}

private struct ZodiacSkyReader {
    let file: String

    func problem(_ value: JSONValue, _ message: String) -> SkyDataFailure {
        SkyDataFailure(problem: DataProblem(severity: .fatal, file: file, line: value.position.line, column: value.position.column, message: message))
    }

    func member(_ object: JSONValue, _ key: String) throws -> JSONValue {
        guard object.objectMembers != nil else { throw problem(object, "expected an object, found \(object.typeDescription)") }
        guard let value = object[key] else { throw problem(object, "missing \"\(key)\"") }
        return value
    }

    func array(_ value: JSONValue, limit: Int, _ what: String) throws -> [JSONValue] {
        guard let items = value.arrayValue else { throw problem(value, "\(what) must be an array, found \(value.typeDescription)") }
        guard items.count <= limit else { throw problem(value, "\(what) has \(items.count) entries; the limit is \(limit)") }
        return items
    }

    func number(_ value: JSONValue, _ what: String, in range: ClosedRange<Double>) throws -> Double {
        guard let n = value.numberValue, n.isFinite else { throw problem(value, "\(what) must be a number, found \(value.typeDescription)") }
        guard range.contains(n) else { throw problem(value, "\(what) \(n) is outside \(range.lowerBound)…\(range.upperBound)") }
        return n
    }

    func sky(_ root: JSONValue) throws -> ZodiacSky {
        let signs = try array(try member(root, "signs"), limit: 12, "\"signs\"")
        guard signs.count == 12 else { throw problem(try member(root, "signs"), "\"signs\" must list the 12 zodiac signs, found \(signs.count)") }
        var result: [Constellation] = []
        for (index, value) in signs.enumerated() {
            let expected = ZodiacSign.allCases[index]
            let idValue = try member(value, "id")
            guard let id = idValue.stringValue else { throw problem(idValue, "\"id\" must be a string") }
            guard id == expected.rawValue else { throw problem(idValue, "sign \(index + 1) must be \"\(expected.rawValue)\", found \"\(id.prefix(ZodiacSky.Limits.nameLength))\"") }
            let nameValue = try member(value, "name")
            guard let name = nameValue.stringValue, !name.isEmpty, name.count <= ZodiacSky.Limits.nameLength else {
                throw problem(nameValue, "\"name\" must be a string of 1…\(ZodiacSky.Limits.nameLength) characters")
            }
            let stars = try array(try member(value, "stars"), limit: ZodiacSky.Limits.starsPerSign, "\"stars\"").map(figureStar)
            guard !stars.isEmpty else { throw problem(try member(value, "stars"), "\(expected.name) has no stars") }
            let lines = try array(try member(value, "lines"), limit: ZodiacSky.Limits.linesPerSign, "\"lines\"").map { line -> [Int] in
                let ends = try array(line, limit: 2, "a line")
                guard ends.count == 2 else { throw problem(line, "a line joins exactly two stars") }
                return try ends.map { end in
                    let i = try number(end, "a star index", in: 0...Double(stars.count - 1))
                    guard i == i.rounded() else { throw problem(end, "a star index must be a whole number") }
                    return Int(i)
                }
            }
            let field = try array(try member(value, "field"), limit: ZodiacSky.Limits.fieldStarsPerSign, "\"field\"").map { item -> SkyStar in
                let parts = try array(item, limit: 3, "a field star")
                guard parts.count == 3 else { throw problem(item, "a field star is [ra, dec, mag]") }
                return SkyStar(ra: try number(parts[0], "ra", in: 0...360), dec: try number(parts[1], "dec", in: -90...90),
                               magnitude: try number(parts[2], "mag", in: -2...8))
            }
            result.append(Constellation(sign: expected, name: name, stars: stars, lines: lines, field: field))
        }
        return ZodiacSky(constellations: result)
    }

    func figureStar(_ value: JSONValue) throws -> SkyStar {
        let nameValue = try member(value, "name")
        guard let name = nameValue.stringValue, name.count <= ZodiacSky.Limits.nameLength else {
            throw problem(nameValue, "a star's \"name\" must be a string of at most \(ZodiacSky.Limits.nameLength) characters")
        }
        return SkyStar(name: name,
                       ra: try number(try member(value, "ra"), "ra", in: 0...360),
                       dec: try number(try member(value, "dec"), "dec", in: -90...90),
                       magnitude: try number(try member(value, "mag"), "mag", in: -2...8))
    }
}
