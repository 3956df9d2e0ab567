import Foundation
import HomeModel
import XCTest

final class OrderModelTests: XCTestCase {
    // MARK: Money

    func testMoneyFormatsAndParsesWhatPeopleType() {
        XCTAssertEqual(Money(cents: 445).formatted(), "$4.45")
        XCTAssertEqual(Money(cents: 5).formatted(), "$0.05")
        XCTAssertEqual(Money(cents: 123_456).formatted(), "$1,234.56")
        XCTAssertEqual(Money.dollars(25).formatted(dropZeroCents: true), "$25")
        XCTAssertEqual(Money.parse("25"), .dollars(25))
        XCTAssertEqual(Money.parse(" $25.5 "), Money(cents: 2550))
        XCTAssertEqual(Money.parse("1,000.05"), Money(cents: 100_005))
        XCTAssertEqual(Money.parse("12,345,678"), .dollars(12_345_678))
        for bad in ["", "abc", "25.555", "-5", "2.5.1", "$", "٣", "1e3", "99999999999999", "1,0,0", ",100", "1000,000", "25."] {
            XCTAssertNil(Money.parse(bad), bad)
        }
        XCTAssertNil(Money.fromDollars(4.455, limit: .dollars(10)))
        XCTAssertEqual(Money.fromDollars(4.45, limit: .dollars(10)), Money(cents: 445))
        XCTAssertNil(Money.fromDollars(11, limit: .dollars(10)))
    }

    // MARK: Menu file

    func testTheFixtureMenuLoadsWithSizesOptionsAndDefault() throws {
        let menu = TabsFixtures.menu()
        XCTAssertEqual(menu.categories.map(\.name), ["Hot Coffees"])
        let latte = try XCTUnwrap(menu.item(id: "caffe-latte"))
        XCTAssertEqual(latte.sizes.map(\.name), ["Short", "Tall", "Grande"])
        XCTAssertEqual(latte.defaultSizeID, "grande")
        XCTAssertEqual(latte.startingPrice, Money(cents: 365))
        XCTAssertEqual(latte.unitPrice(sizeID: "tall", optionIDs: ["extra-shot", "oat-milk"]), Money(cents: 425 + 90 + 70))
        XCTAssertNil(latte.unitPrice(sizeID: "venti", optionIDs: []))
        XCTAssertEqual(menu.category(ofItem: "drip")?.id, "hot-coffees")
    }

    func testABadItemIsLeftOutWithItsLineAndTheRestLoads() throws {
        let json = """
        {
          "version": 1,
          "categories": [ { "id": "tea", "name": "Tea", "items": [
            { "id": "chai", "name": "Chai", "sizes": [ { "id": "tall", "name": "Tall", "price": 3.5 } ] },
            { "id": "Bad Id", "name": "Matcha", "sizes": [ { "id": "tall", "name": "Tall", "price": 3.555 } ] },
            { "id": "chai", "name": "Chai again", "sizes": [ { "id": "tall", "name": "Tall", "price": 3 } ] }
          ] } ]
        }
        """
        let result = MenuLoader.parse(Data(json.utf8), file: "menu.json")
        let menu = try XCTUnwrap(result.value)
        XCTAssertEqual(menu.categories.first?.items.map(\.id), ["chai"])
        let problems = result.problems
        XCTAssertEqual(problems.count, 2, "\(problems)")
        guard problems.count == 2 else { return }
        XCTAssertEqual(problems.map(\.line), [5, 6])
        XCTAssertTrue(problems[0].message.contains("may hold only a–z"), problems[0].message)
        XCTAssertTrue(problems[0].message.contains("at most two decimals"), "every failure is listed: \(problems[0].message)")
        XCTAssertTrue(problems[1].message.contains("already used on line 4"), problems[1].message)
        XCTAssertTrue(problems.allSatisfy { $0.severity == .skipped })
        XCTAssertEqual(problems[1].description.prefix(12), "menu.json:6:")
    }

    func testMalformedJSONIsFatalWithLineAndColumn() throws {
        let result = MenuLoader.parse(Data("{\n  \"version\": 1,\n  \"categories\": [,]\n}".utf8), file: "menu.json")
        let fatal = try XCTUnwrap(result.fatalProblem)
        XCTAssertEqual(fatal.line, 3)
        XCTAssertEqual(fatal.column, 18)
        XCTAssertNil(result.value)
    }

    func testWrongVersionAndEmptyMenuAreFatal() {
        XCTAssertTrue(MenuLoader.parse(Data(#"{"version": 2, "categories": []}"#.utf8), file: "m").fatalProblem?.message.contains("version 1") ?? false)
        XCTAssertTrue(MenuLoader.parse(Data(#"{"version": 1, "categories": []}"#.utf8), file: "m").fatalProblem?.message.contains("nothing that can be ordered") ?? false)
        XCTAssertEqual(MenuLoader.parse(Data("[]".utf8), file: "m").fatalProblem?.line, 1)
    }

    func testMissingOrSpecialFilesAreRefusedWithoutBlocking() throws {
        let missing = MenuLoader.load(URL(fileURLWithPath: "/nonexistent/menu.json"))
        XCTAssertTrue(missing.fatalProblem?.message.contains("does not exist") ?? false)
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("menu-fifo-\(getpid())")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        defer { try? FileManager.default.removeItem(at: fifo) }
        XCTAssertTrue(MenuLoader.load(fifo).fatalProblem?.message.contains("named pipe") ?? false)
    }

    func testTooManyCategoriesAreCutWithAMessage() throws {
        let category = #"{"id":"c%d","name":"C","items":[{"id":"i%d","name":"I","sizes":[{"id":"s","name":"S","price":1}]}]}"#
        let list = (0..<(MenuLoader.maximumCategories + 3)).map { String(format: category, $0, $0) }.joined(separator: ",\n")
        let result = MenuLoader.parse(Data("{\"version\":1,\"categories\":[\n\(list)]}".utf8), file: "m")
        XCTAssertEqual(result.value?.categories.count, MenuLoader.maximumCategories)
        XCTAssertTrue(result.problems.contains { $0.message.contains("3 more are left out") })
    }

    func testTheBundledMenuLoadsWithoutProblems() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/home/menu.json")
        let result = MenuLoader.load(url)
        XCTAssertEqual(result.problems, [])
        let menu = try XCTUnwrap(result.value)
        XCTAssertGreaterThanOrEqual(menu.categories.count, 4)
        for category in menu.categories {
            if let image = category.image {
                XCTAssertTrue(FileManager.default.fileExists(atPath: url.deletingLastPathComponent().appendingPathComponent(image).path), image)
            }
        }
    }

    // MARK: Item page

    func testItemChoiceStartsAtTheDefaultSizeAndPricesChoices() throws {
        let latte = try XCTUnwrap(TabsFixtures.menu().item(id: "caffe-latte"))
        var choice = ItemChoice(item: latte)
        XCTAssertEqual(choice.sizeID, "grande")
        XCTAssertEqual(choice.addLabel, "Add to Order · $4.95")
        choice.selectSize("tall")
        choice.setOption("extra-shot", on: true)
        choice.setOption("no-such", on: true)
        choice.setQuantity(2)
        XCTAssertEqual(choice.optionIDs, ["extra-shot"])
        XCTAssertEqual(choice.addLabel, "Add 2 to Order · $10.30")
        choice.setQuantity(0)
        XCTAssertEqual(choice.quantity, 1)
        XCTAssertFalse(choice.canDecrease)
        choice.setQuantity(500)
        XCTAssertEqual(choice.quantity, Basket.maximumQuantity)
    }

    // MARK: Basket

    func testAddingTheSameChoiceMergesLinesAndTheBadgeCounts() {
        var basket = Basket(menu: TabsFixtures.menu())
        let first = basket.apply(.add(itemID: "caffe-latte", sizeID: "grande", optionIDs: ["oat-milk"], quantity: 1))
        XCTAssertEqual(first.first, .badge(1))
        XCTAssertEqual(first.last, .added(lineID: 1, message: "Added 1 × Grande Caffè Latte"))
        XCTAssertEqual(basket.apply(.add(itemID: "caffe-latte", sizeID: "grande", optionIDs: ["oat-milk"], quantity: 2)).first, .badge(3))
        XCTAssertEqual(basket.lines.count, 1)
        basket.apply(.add(itemID: "caffe-latte", sizeID: "tall", optionIDs: [], quantity: 1))
        XCTAssertEqual(basket.lines.count, 2)
        XCTAssertEqual(basket.itemCount, 4)
        XCTAssertEqual(basket.total, Money(cents: (495 + 70) * 3 + 425))
        XCTAssertEqual(basket.lines[0].detail, "Grande · Oat milk")
    }

    func testChangeDecrementRemoveAndClear() {
        var basket = Basket(menu: TabsFixtures.menu())
        basket.apply(.add(itemID: "drip", sizeID: "tall", optionIDs: [], quantity: 2))
        basket.apply(.add(itemID: "caffe-latte", sizeID: "short", optionIDs: [], quantity: 1))
        XCTAssertEqual(basket.apply(.setQuantity(lineID: 1, quantity: 5)), [.badge(6)])
        XCTAssertEqual(basket.apply(.decrement(lineID: 2)), [], "never below one: removing is its own act")
        XCTAssertEqual(basket.apply(.increment(lineID: 2)), [.badge(7)])
        XCTAssertEqual(basket.apply(.remove(lineID: 1)), [.badge(2)])
        XCTAssertEqual(basket.lines.map(\.id), [2], "line ids are stable")
        XCTAssertEqual(basket.apply(.clear), [.badge(0)])
        XCTAssertTrue(basket.isEmpty)
    }

    func testLimitsRefuseWithAMessageAndChangeNothing() {
        var basket = Basket(menu: TabsFixtures.menu())
        basket.apply(.add(itemID: "drip", sizeID: "tall", optionIDs: [], quantity: 20))
        let before = basket
        XCTAssertNotNil(basket.apply(.add(itemID: "drip", sizeID: "tall", optionIDs: [], quantity: 1)).first?.refusal)
        XCTAssertNotNil(basket.apply(.increment(lineID: 1)).first?.refusal)
        XCTAssertNotNil(basket.apply(.add(itemID: "nope", sizeID: "tall", optionIDs: [], quantity: 1)).first?.refusal)
        XCTAssertNotNil(basket.apply(.add(itemID: "drip", sizeID: "venti", optionIDs: [], quantity: 1)).first?.refusal)
        XCTAssertNotNil(basket.apply(.add(itemID: "drip", sizeID: "tall", optionIDs: ["extra-shot"], quantity: 1)).first?.refusal)
        XCTAssertEqual(basket, before)
    }

    /// Any sequence of actions keeps the basket's invariants, and every badge effect equals the count.
    func testPropertyRandomActionSequencesKeepTheInvariants() {
        continueAfterFailure = false
        let menu = TabsFixtures.menu()
        let choices: [(String, String, Set<String>)] = [
            ("drip", "tall", []), ("caffe-latte", "short", []), ("caffe-latte", "grande", ["oat-milk"]),
            ("caffe-latte", "grande", ["oat-milk", "extra-shot"]), ("caffe-latte", "tall", ["extra-shot"]),
        ]
        for seed in 1...300 as ClosedRange<UInt64> {
            var rng = SeededGenerator(seed: seed)
            var basket = Basket(menu: menu)
            var shownBadge = 0
            for _ in 0..<60 {
                let lineID = basket.lines.randomElement(using: &rng)?.id ?? Int.random(in: 1...5, using: &rng)
                let action: BasketAction
                switch Int.random(in: 0..<6, using: &rng) {
                case 0, 1:
                    let choice = choices.randomElement(using: &rng) ?? choices[0]
                    action = .add(itemID: choice.0, sizeID: choice.1, optionIDs: choice.2, quantity: Int.random(in: 1...25, using: &rng))
                case 2: action = .setQuantity(lineID: lineID, quantity: Int.random(in: -2...25, using: &rng))
                case 3: action = .increment(lineID: lineID)
                case 4: action = .decrement(lineID: lineID)
                default: action = Int.random(in: 0..<10, using: &rng) == 0 ? .clear : .remove(lineID: lineID)
                }
                let before = basket
                let effects = basket.apply(action)
                if effects.contains(where: { $0.refusal != nil }) { XCTAssertEqual(basket, before, "seed \(seed): a refusal changes nothing") }
                for case let .badge(count) in effects { shownBadge = count }
                XCTAssertEqual(shownBadge, basket.itemCount, "seed \(seed): the badge follows the count after \(action)")
                XCTAssertEqual(basket.itemCount, basket.lines.map(\.quantity).reduce(0, +))
                XCTAssertEqual(basket.total, basket.lines.reduce(Money.zero) { $0 + $1.unitPrice * $1.quantity })
                XCTAssertLessThanOrEqual(basket.itemCount, Basket.maximumItemCount)
                XCTAssertLessThanOrEqual(basket.lines.count, Basket.maximumLines)
                XCTAssertTrue(basket.lines.allSatisfy { (1...Basket.maximumQuantity).contains($0.quantity) }, "seed \(seed)")
                XCTAssertEqual(Set(basket.lines.map(\.id)).count, basket.lines.count, "line ids are unique")
                for (i, a) in basket.lines.enumerated() {
                    for b in basket.lines.dropFirst(i + 1) {
                        XCTAssertFalse(a.itemID == b.itemID && a.sizeID == b.sizeID && a.optionIDs == b.optionIDs, "equal choices share a line")
                    }
                }
            }
        }
    }
}
