import XCTest
@testable import JSONReader

final class JSONParserTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(text)
    }

    private func parseError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONError? {
        parseError(Data(text.utf8), file: file, line: line)
    }

    private func parseError(_ data: Data, file: StaticString = #filePath, line: UInt = #line) -> JSONError? {
        do {
            let value = try JSONParser.parse(data)
            XCTFail("expected an error, parsed \(value.kind)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Values and positions

    func testParsesEveryKindOfValueWithItsPosition() throws {
        let text = """
        {
          "name": "Skiff",
          "list": [1, -2.5e2, true, false, null],
          "nested": {"empty": {}, "none": []}
        }
        """
        let root = try parse(text)
        XCTAssertEqual(root.position, SourcePosition(line: 1, column: 1))
        let members = try XCTUnwrap(root.objectMembers)
        XCTAssertEqual(members.map(\.key), ["name", "list", "nested"])
        XCTAssertEqual(members[0].keyPosition, SourcePosition(line: 2, column: 3))
        XCTAssertEqual(members[0].value.position, SourcePosition(line: 2, column: 11))
        XCTAssertEqual(root["name"]?.stringValue, "Skiff")

        let list = try XCTUnwrap(root["list"]?.arrayValue)
        XCTAssertEqual(list.map(\.kind), [.number(1), .number(-250), .bool(true), .bool(false), .null])
        XCTAssertEqual(list.map(\.position.column), [12, 15, 23, 29, 36])
        XCTAssertTrue(list.allSatisfy { $0.position.line == 3 })

        let nested = try XCTUnwrap(root["nested"])
        XCTAssertEqual(nested["empty"]?.objectMembers?.count, 0)
        XCTAssertEqual(nested["none"]?.arrayValue?.count, 0)
        XCTAssertEqual(nested["none"]?.position, SourcePosition(line: 4, column: 35))
    }

    func testColumnsCountCharactersNotBytes() throws {
        // "é" is two bytes and "😀" four; an editor shows each as one column.
        let root = try parse(#"{"é😀": "ü", "k": 1}"#)
        let members = try XCTUnwrap(root.objectMembers)
        XCTAssertEqual(members[1].keyPosition.column, 13)
        XCTAssertEqual(members[0].key, "é😀")
    }

    func testLineEndingsOfEveryKindCountOnce() throws {
        for newline in ["\n", "\r\n", "\r"] {
            let root = try parse("[1,\(newline)2,\(newline)\(newline)3]")
            let lines = try XCTUnwrap(root.arrayValue).map(\.position.line)
            XCTAssertEqual(lines, [1, 2, 4], "newline \(newline.debugDescription)")
        }
    }

    func testDuplicateKeysAreKeptInOrderAndTheLastWins() throws {
        let root = try parse(#"{"a": 1, "a": 2}"#)
        XCTAssertEqual(root.objectMembers?.count, 2)
        XCTAssertEqual(root["a"]?.numberValue, 2)
    }

    // MARK: Strings

    func testStringEscapesIncludingSurrogatePairs() throws {
        let root = try parse(#"["\"\\\/\b\f\n\r\t", "\u00e9\u4E2D", "\uD83D\uDE00!", "\u0000"]"#)
        let strings = try XCTUnwrap(root.arrayValue).compactMap(\.stringValue)
        XCTAssertEqual(strings, ["\"\\/\u{08}\u{0C}\n\r\t", "é中", "😀!", "\u{0}"])
    }

    func testRawUnicodeInStringsIsKept() throws {
        XCTAssertEqual(try parse(#""Ærø — 北 🚀""#).stringValue, "Ærø — 北 🚀")
    }

    func testLoneSurrogatesAreErrors() {
        for text in [#""\uD83D""#, #""\uDE00""#, #""\uD83Dx""#, #""\uD83D\u0041""#, #""\uD83D\n""#] {
            let error = parseError(text)
            XCTAssertEqual(error?.message.contains("unpaired surrogate"), true, "\(text): \(String(describing: error))")
            XCTAssertEqual(error?.position, SourcePosition(line: 1, column: 2), text)
        }
    }

    func testBadEscapesAreErrors() {
        XCTAssertEqual(parseError(#"["ok", "\x"]"#)?.message, #"invalid escape '\x' in a string"#)
        XCTAssertEqual(parseError(#"["ok", "\x"]"#)?.position, SourcePosition(line: 1, column: 9))
        XCTAssertEqual(parseError(#""\u12""#)?.message, #"expected 4 hexadecimal digits after \u"#)
        XCTAssertEqual(parseError(#""\u12G4""#)?.message, #"expected 4 hexadecimal digits after \u"#)
    }

    func testUnterminatedStringsPointAtTheirStart() {
        let truncated = parseError("{\"a\": \"never closed")
        XCTAssertEqual(truncated?.message, "this string is never closed")
        XCTAssertEqual(truncated?.position, SourcePosition(line: 1, column: 7))

        let lineBreak = parseError("[\"one\n\"]")
        XCTAssertEqual(lineBreak?.message.hasPrefix("a string cannot contain a line break"), true)
        XCTAssertEqual(lineBreak?.position, SourcePosition(line: 1, column: 6))
    }

    func testControlCharactersMustBeEscaped() {
        let error = parseError("[\"tab\there\"]")
        XCTAssertEqual(error?.message, "control character U+0009 must be escaped in a string")
        XCTAssertEqual(error?.position, SourcePosition(line: 1, column: 6))
    }

    // MARK: Numbers

    func testNumbers() throws {
        let root = try parse("[0, -0, 12, 0.25, -1.5E+3, 2e-2, 123456789012]")
        let numbers = try XCTUnwrap(root.arrayValue).compactMap(\.numberValue)
        XCTAssertEqual(numbers, [0, 0, 12, 0.25, -1500, 0.02, 123_456_789_012])
    }

    func testANumberTooLargeParsesButHasNoValue() throws {
        let root = try parse("[1e400, -1e400, 2]")
        let values = try XCTUnwrap(root.arrayValue)
        XCTAssertEqual(values.map(\.numberValue), [nil, nil, 2])
        XCTAssertEqual(values.map(\.isOutOfRangeNumber), [true, true, false])
        XCTAssertEqual(values[0].typeDescription, "a number too large to use")
    }

    func testMalformedNumbers() {
        let cases: [(String, String)] = [
            ("01", "numbers cannot have leading zeros"),
            ("[-]", "expected a digit after '-', found ']'"),
            ("1.", "expected a digit after the decimal point, found end of file"),
            ("[1.e5]", "expected a digit after the decimal point, found 'e'"),
            ("1e", "expected a digit in the exponent, found end of file"),
            ("[1e+]", "expected a digit in the exponent, found ']'"),
            ("+1", "expected a value, found '+'"),
            (".5", "expected a value, found '.'"),
        ]
        for (text, message) in cases {
            XCTAssertEqual(parseError(text)?.message, message, text)
        }
    }

    // MARK: Structure errors

    func testMissingCommaInObjectNamesLineColumnAndWhatWasExpected() {
        let error = parseError("{\n  \"a\": 1\n  \"b\": 2\n}")
        XCTAssertEqual(error?.position, SourcePosition(line: 3, column: 3))
        XCTAssertEqual(error?.message, "expected ',' or '}' after object member, found '\"'")
        XCTAssertEqual(error?.description, "line 3, column 3: expected ',' or '}' after object member, found '\"'")
    }

    func testStructuralErrors() {
        let cases: [(String, SourcePosition, String)] = [
            ("[1 2]", .init(line: 1, column: 4), "expected ',' or ']' after array element, found '2'"),
            ("{\"a\" 1}", .init(line: 1, column: 6), "expected ':' after object key, found '1'"),
            ("{a: 1}", .init(line: 1, column: 2), "expected a key in double quotes, found 'a'"),
            ("{'a': 1}", .init(line: 1, column: 2), "expected a key in double quotes, found \"'\" (JSON strings use double quotes)"),
            ("['a']", .init(line: 1, column: 2), "expected a value, found \"'\" (JSON strings use double quotes)"),
            ("[1,]", .init(line: 1, column: 4), "expected a value, found ']' (JSON does not allow a trailing comma)"),
            ("{\"a\": 1,}", .init(line: 1, column: 9), "expected a key in double quotes, found '}' (JSON does not allow a trailing comma)"),
            ("{\"a\": }", .init(line: 1, column: 7), "expected a value after ':', found '}'"),
            ("[1] // note", .init(line: 1, column: 5), "unexpected '/' after the end of the top-level value"),
            ("// note\n[1]", .init(line: 1, column: 1), "comments are not allowed in JSON"),
            ("{} {}", .init(line: 1, column: 4), "unexpected '{' after the end of the top-level value"),
            ("tru", .init(line: 1, column: 1), "expected true, found 'tru'"),
            ("[nul]", .init(line: 1, column: 2), "expected null, found 'nul'"),
            ("True", .init(line: 1, column: 1), "expected a value, found 'T'"),
            ("[\u{1}]", .init(line: 1, column: 2), "expected a value, found 'U+0001'"),
        ]
        for (text, position, message) in cases {
            let error = parseError(text)
            XCTAssertEqual(error?.message, message, text)
            XCTAssertEqual(error?.position, position, text)
        }
    }

    func testTruncatedInputSaysEndOfFileWhereItEnds() {
        let error = parseError("{\n  \"a\": [1, 2")
        XCTAssertEqual(error?.message, "expected ',' or ']' after array element, found end of file")
        XCTAssertEqual(error?.position, SourcePosition(line: 2, column: 13))
        XCTAssertEqual(parseError("{\"a\": 1")?.message, "expected ',' or '}' after object member, found end of file")
        XCTAssertEqual(parseError("{\"a\":")?.message, "expected a value after ':', found end of file")
        XCTAssertEqual(parseError("[")?.message, "expected a value, found end of file")
    }

    func testEmptyAndBlankInputIsReportedAsEmpty() {
        for text in ["", "  \n\t ", "\u{FEFF}"] {
            XCTAssertEqual(parseError(text)?.message, "the file is empty", text.debugDescription)
        }
    }

    // MARK: Encoding

    func testUTF8ByteOrderMarkIsSkippedAndDoesNotShiftColumns() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data(#"{"a": 1}"#.utf8)
        let root = try JSONParser.parse(data)
        XCTAssertEqual(root.position, SourcePosition(line: 1, column: 1))
        XCTAssertEqual(root.objectMembers?.first?.keyPosition, SourcePosition(line: 1, column: 2))
    }

    func testInvalidUTF8IsReportedWithItsPositionAndByte() {
        let data = Data("{\n  \"a\": \"".utf8) + Data([0xFF]) + Data("\"}".utf8)
        let error = parseError(data)
        XCTAssertEqual(error?.message, "the file is not valid UTF-8 (byte 0xFF)")
        XCTAssertEqual(error?.position, SourcePosition(line: 2, column: 9))
    }

    func testMalformedUTF8SequencesAreRefused() {
        let sequences: [[UInt8]] = [
            [0xC0, 0x80],              // overlong NUL
            [0xE0, 0x80, 0xAF],        // overlong
            [0xED, 0xA0, 0x80],        // encoded surrogate
            [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
            [0xE2, 0x82],              // truncated
            [0x80],                    // stray continuation
        ]
        for bytes in sequences {
            let data = Data("\"".utf8) + Data(bytes) + Data("\"".utf8)
            XCTAssertEqual(parseError(data)?.message.hasPrefix("the file is not valid UTF-8"), true, "\(bytes)")
        }
    }

    func testUTF16IsRecognisedAndExplained() {
        let data = Data([0xFF, 0xFE]) + "{}".data(using: .utf16LittleEndian, allowLossyConversion: false)!
        XCTAssertEqual(parseError(data)?.message, "the file is UTF-16 text; save it as UTF-8")
    }

    // MARK: Depth

    func testNestingUpToTheLimitParses() throws {
        let depth = JSONParser.defaultMaximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try parse(text)
        var levels = 1
        while let inner = value.arrayValue?.first {
            value = inner
            levels += 1
        }
        XCTAssertEqual(levels, depth)
    }

    func testNestingBeyondTheLimitIsAnErrorNotACrash() {
        let depth = JSONParser.defaultMaximumDepth
        let justOver = String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1)
        let error = parseError(justOver)
        XCTAssertEqual(error?.message, "arrays and objects are nested more than \(depth) levels deep")
        XCTAssertEqual(error?.position, SourcePosition(line: 1, column: depth + 1))

        // Far deeper than any stack would survive if the parser recursed without a limit.
        let hostile = String(repeating: "{\"a\":", count: 200_000)
        XCTAssertEqual(parseError(hostile)?.message.hasPrefix("arrays and objects are nested"), true)
    }
}
