import Foundation
import Gtk
import SkiffApp
import TestSupport
import Today
import XCTest

/// The Today section in a real window under Xvfb, driven with real X input (xdotool).
final class TodayWindowTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/today")

    override func setUpWithError() throws {
        try requireDisplayAndXDoTool()
    }

    @MainActor
    private static func makeWindow(_ title: String, width: Int, height: Int = 800, feed: String? = nil) throws -> MainWindow {
        var args = ["--section", "today", "--window-size", "\(width)x\(height)", "--ephemeral"]
        if let feed { args += ["--feed", feed] }
        let main = MainWindow(window: TestApplication.window(), options: try Options.parse(args), sandbox: .unavailable(reason: "not needed"))
        main.window.title = title
        main.window.present()
        MainLoop.run(until: { !main.today.visibleCards.isEmpty || main.today.errorMessage != nil }, timeout: 10)
        XCTAssertTrue(MainLoop.runUntilPainted(main.window), "the window was drawn")
        return main
    }

    /// Cards grouped into rows by their top edge, each row's widths left to right.
    @MainActor
    private static func rows(_ today: TodayView) -> [[Double]] {
        var rows: [Double: [(x: Double, w: Double)]] = [:]
        for card in today.visibleCards { rows[card.frame.y, default: []].append((card.frame.x, card.frame.width)) }
        return rows.keys.sorted().map { y in rows[y, default: []].sorted { $0.x < $1.x }.map(\.w) }
    }

    /// What the window manager (and a screen reader) is told follows the section on screen.
    func testTheWindowTitleFollowsTheSectionChosenInTheSwitcher() throws {
        try MainActor.assumeIsolated {
            let options = try Options.parse(["--section", "browser", "--window-size", "900x500", "--ephemeral"])
            let main = MainWindow(window: TestApplication.window(), options: options, sandbox: .unavailable(reason: "not needed"))
            main.window.title = "Title Follows"
            main.window.present()
            defer { main.window.destroy() }
            guard let id = XDoTool.window(named: "Title Follows") else { return XCTFail("no X window") }
            XDoTool.run(["windowraise", id])
            // The switcher's buttons are in Section order (once GTK has laid the window out).
            MainLoop.run(until: { main.switcher.width > 0 && main.switcher.childCentresInSurface().allSatisfy { $0.x > 0 } }, timeout: 5)
            XCTAssertTrue(MainLoop.runUntilPainted(main.window), "the switcher was drawn where it was laid out")
            let buttons = main.switcher.childCentresInSurface()
            let today = try XCTUnwrap(Section.allCases.firstIndex(of: .today))
            XCTAssertEqual(buttons.count, Section.allCases.count)
            // The sample feed's first card, as a screen reader would be told of it.
            let firstCard = "Chasing the Aurora"
            @MainActor func cardIsPresented() -> Bool { main.window.presentedDescendants().contains { $0.isButton && $0.hasLabel(firstCard) } }
            XCTAssertFalse(cardIsPresented(), "Today is not on screen yet")
            XDoTool.click(window: id, x: buttons[today].x, y: buttons[today].y)
            XCTAssertTrue(MainLoop.run(until: { XDoTool.run(["getwindowname", id]) == "Today — Skiff (Private)" }, timeout: 3),
                          "X window name: \(XDoTool.run(["getwindowname", id]))")
            XCTAssertEqual(main.stack.visibleChildName, "today")
            // Today is made when first shown (start-up builds the browser alone): once the switcher
            // shows it, its cards are there for the pointer and the screen reader.
            XCTAssertTrue(MainLoop.run(until: cardIsPresented, timeout: 5), "Today's cards appear when Today is chosen")
        }
    }

    func testWideWindowAlternatesOneThirdAndTwoThirdsRowByRow() throws {
        try MainActor.assumeIsolated {
            let main = try Self.makeWindow("Today Wide", width: 1280)
            defer { main.window.destroy() }
            let width = Double(main.today.root.width)
            let rows = Self.rows(main.today).filter { $0.count == 2 }
            XCTAssertGreaterThanOrEqual(rows.count, 2, "two full rows on screen at 1280×800: \(rows)")
            for (i, row) in rows.prefix(2).enumerated() {
                // The card is its cell less 20 px each side: cells are w/3 and 2w/3.
                let cells = row.map { $0 + 40 }
                let expandedFirst = cells[0] > cells[1]
                XCTAssertEqual(cells.reduce(0, +), width, accuracy: 1.5, "row \(i) fills the width")
                XCTAssertEqual(max(cells[0], cells[1]), width * 2 / 3, accuracy: 1.5)
                XCTAssertEqual(min(cells[0], cells[1]), width / 3, accuracy: 1.5)
                XCTAssertEqual(expandedFirst, i % 2 == 0, "row \(i) order: \(row)")
            }
        }
    }

    func testNarrowWindowShowsFullWidthCardsAndResizeFollows() throws {
        try MainActor.assumeIsolated {
            let main = try Self.makeWindow("Today Resize", width: 600)
            defer { main.window.destroy() }
            let narrow = Double(main.today.root.width)
            XCTAssertFalse(main.today.visibleCards.isEmpty)
            for card in main.today.visibleCards {
                XCTAssertEqual(card.frame.width, narrow - 40, accuracy: 1, "\(card.title) is full width at 600 px")
            }
            guard let window = XDoTool.window(named: "Today Resize") else { return XCTFail("no X window") }
            XDoTool.run(["windowsize", window, "1280", "800"])
            XCTAssertTrue(MainLoop.run(until: { main.today.root.width >= 1200 }, timeout: 10), "window did not grow")
            XCTAssertTrue(MainLoop.runUntilPainted(main.window), "the grown window was drawn")
            let wide = Double(main.today.root.width)
            let rows = Self.rows(main.today).filter { $0.count == 2 }
            XCTAssertFalse(rows.isEmpty, "two cards a row after growing to \(wide)")
            if let first = rows.first { XCTAssertEqual(first[0] + 40, wide * 2 / 3, accuracy: 1.5) }
            XDoTool.run(["windowsize", window, "600", "800"])
            XCTAssertTrue(MainLoop.run(until: { main.today.root.width <= 620 }, timeout: 10), "window did not shrink")
            XCTAssertTrue(MainLoop.runUntilPainted(main.window), "the narrowed window was drawn")
            for card in main.today.visibleCards {
                XCTAssertEqual(card.frame.width, Double(main.today.root.width) - 40, accuracy: 1)
            }
        }
    }

    func testClickingACardOpensItsStoryAndEscapeClosesIt() throws {
        try MainActor.assumeIsolated {
            let main = try Self.makeWindow("Today Story", width: 1000)
            defer { main.window.destroy() }
            guard let window = XDoTool.window(named: "Today Story"),
                  let card = main.today.visibleCards.first,
                  let origin = main.today.root.origin(in: main.window) else { return XCTFail("no window or card") }
            XDoTool.click(window: window, x: origin.x + card.frame.x + card.frame.width / 2, y: origin.y + card.frame.y + card.frame.height / 2)
            XCTAssertTrue(MainLoop.run(until: { main.today.isStoryOpen }, timeout: 5), "the story did not open")
            XCTAssertEqual(main.today.storyTitle, card.title)
            XCTAssertTrue(MainLoop.run(until: { main.today.isStorySettled }, timeout: 5), "the story grew out of its card")
            XDoTool.run(["windowfocus", "--sync", window])
            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(MainLoop.run(until: { !main.today.isStoryShown }, timeout: 5), "Escape did not close the story")
            XCTAssertEqual(main.today.visibleCards.first?.frame, card.frame, "the card is where it was")
        }
    }

    func testAPressDraggedOutOfACardSpringsBackAndOpensNothing() throws {
        try MainActor.assumeIsolated {
            let main = try Self.makeWindow("Today Drag Out", width: 1000)
            defer { main.window.destroy() }
            guard let window = XDoTool.window(named: "Today Drag Out"),
                  let card = main.today.visibleCards.first,
                  let origin = main.today.root.origin(in: main.window) else { return XCTFail("no window or card") }
            let x = origin.x + card.frame.x + card.frame.width / 2, y = origin.y + card.frame.y + card.frame.height / 2
            XDoTool.run(["mousemove", "--window", window, String(Int(x)), String(Int(y))])
            XDoTool.run(["mousedown", "1"])
            XCTAssertTrue(MainLoop.run(until: { main.today.pressedCardTitles == [card.title] }, timeout: 3), "the press holds the card")
            // Far past the click threshold: the click gesture stops (and cancels) without a release.
            for step in 1...6 {
                XDoTool.run(["mousemove", "--window", window, String(Int(x) + step * 40), String(Int(y) + step * 40)])
                MainLoop.handlePendingInput()
            }
            XCTAssertTrue(MainLoop.run(until: { main.today.pressedCardTitles.isEmpty }, timeout: 3),
                          "dragged out, the card springs back before the button is let go")
            XDoTool.run(["mouseup", "1"])
            // A card opens its story from the release's own handler: once the release is handled, it would be open.
            MainLoop.handlePendingInput()
            XCTAssertFalse(main.today.isStoryShown, "a press dragged away opens nothing")
            XCTAssertTrue(main.today.pressedCardTitles.isEmpty)
        }
    }

    func testKeyboardOpensAStoryFromAFocusedCard() throws {
        try MainActor.assumeIsolated {
            let main = try Self.makeWindow("Today Keys", width: 1000)
            defer { main.window.destroy() }
            guard let window = XDoTool.window(named: "Today Keys") else { return XCTFail("no X window") }
            XDoTool.run(["windowfocus", "--sync", window])
            main.today.focusGrid()
            XDoTool.run(["key", "Down"])
            XDoTool.run(["key", "Right"])
            XDoTool.run(["key", "Return"])
            XCTAssertTrue(MainLoop.run(until: { main.today.isStoryOpen }, timeout: 5), "Enter on a card opens its story")
            XCTAssertEqual(main.today.storyTitle, main.today.visibleCards.dropFirst().first?.title, "Right moved to the second card")
            XDoTool.run(["key", "Escape"])
            XCTAssertTrue(MainLoop.run(until: { !main.today.isStoryShown }, timeout: 5))
        }
    }

    func testEveryCardIsAFocusableButtonNamedByItsTitle() throws {
        try MainActor.assumeIsolated {
            let main = try Self.makeWindow("Today A11y", width: 1000)
            defer { main.window.destroy() }
            let cards = main.today.visibleCardAccessibility
            XCTAssertFalse(cards.isEmpty)
            XCTAssertEqual(cards.map(\.name), main.today.visibleCards.map(\.title))
            XCTAssertTrue(cards.allSatisfy { $0.isButton && $0.focusable })
            // The sample's first card: its category, then its subtitle.
            XCTAssertEqual(cards.first?.description, "World Premiere. A night under the northern lights")
        }
    }

    /// A screen reader reaches the cards on screen and nothing else: no pooled ghosts, also after a resize.
    func testOnlyTheCardsOnScreenArePresentedToAssistiveTechnology() throws {
        try MainActor.assumeIsolated {
            let main = try Self.makeWindow("Today Ghosts", width: 1000)
            defer { main.window.destroy() }
            @MainActor func check(_ when: String) {
                let titles = main.today.visibleCards.map(\.title)
                XCTAssertFalse(titles.isEmpty, when)
                let viewport = Double(main.today.root.height)
                // Cards are the big buttons; the header's profile picture and the story's close button are small.
                let cards = main.today.root.presentedDescendants().filter { $0.isButton && $0.width > 150 && $0.height > 150 }
                XCTAssertEqual(cards.count, titles.count, "\(when): presented card buttons vs cards on screen")
                for title in titles {
                    XCTAssertEqual(cards.filter { $0.hasLabel(title) }.count, 1, "\(when): \(title) is presented once")
                }
                // Cards within the grid's 240-px overscan are kept ready (and so presented) for scrolling.
                for card in cards {
                    XCTAssertTrue(card.y + card.height > -240 && card.y < viewport + 240, "\(when): a presented card is near the screen (\(card.y))")
                }
            }
            check("at 1000 px")
            guard let id = XDoTool.window(named: "Today Ghosts") else { return XCTFail("no X window") }
            XDoTool.run(["windowsize", id, "600", "800"])
            XCTAssertTrue(MainLoop.run(until: { main.today.root.width <= 600 }, timeout: 5))
            XCTAssertTrue(MainLoop.runUntilPainted(main.window), "the narrowed window was drawn")
            check("after narrowing to 600 px")
        }
    }

    /// The desktop's dark preference turns the whole window dark, the feed included (read from pixels).
    func testTheDarkPreferenceDarkensTheFeedAndLightBringsItBack() throws {
        try MainActor.assumeIsolated {
            let main = try Self.makeWindow("Today Dark", width: 900, height: 600)
            defer {
                SystemAppearance.apply(.noPreference)
                main.window.destroy()
            }
            guard let id = XDoTool.window(named: "Today Dark") else { return XCTFail("no X window") }
            XDoTool.run(["windowraise", id])
            // The strip under the section header's text, left of the cards' shadows: only feed background.
            let origin = try XCTUnwrap(main.today.root.originInSurface())
            let strip = "8x40+\(Int(origin.x) + 2)+\(Int(origin.y) + 90)"
            @MainActor func lightness() throws -> Double {
                let shot = try Screenshot.capture(window: id)
                defer { shot.remove() }
                return try XCTUnwrap(shot.lightFraction(in: strip))
            }
            SystemAppearance.apply(.preferLight)
            XCTAssertEqual(try lightness(), 1, accuracy: 0.01, "light: the feed's background is light")
            SystemAppearance.apply(.preferDark)
            XCTAssertTrue(SystemAppearance.prefersDark)
            XCTAssertEqual(try lightness(), 0, accuracy: 0.01, "dark: the feed's background is dark")
            SystemAppearance.apply(.preferLight)
            XCTAssertEqual(try lightness(), 1, accuracy: 0.01, "and back")
        }
    }

    /// A story's text keeps a readable measure (about 70 characters) centred on a wide window, and
    /// lines up with the window's edge margin on a narrow one — as GTK lays it out.
    func testStoryTextKeepsAReadableMeasure() throws {
        try MainActor.assumeIsolated {
            for width in [1280, 600] {
                let main = try Self.makeWindow("Today Measure \(width)", width: width)
                defer { main.window.destroy() }
                guard let xid = XDoTool.window(named: "Today Measure \(width)") else { return XCTFail("no X window") }
                XDoTool.run(["windowfocus", "--sync", xid])
                main.today.focusGrid()
                XDoTool.run(["key", "Down"])
                XDoTool.run(["key", "Return"])
                XCTAssertTrue(MainLoop.run(until: { main.today.isStoryOpen }, timeout: 5), "a story opens at \(width)")
                XCTAssertTrue(MainLoop.run(until: { main.today.isStorySettled }, timeout: 5), "the story grew to its final size at \(width)")
                let text = try XCTUnwrap(main.today.root.presentedDescendants().first { $0.hasLabel("Story text") })
                let window = Double(main.today.root.width)
                if width == 1280 {
                    XCTAssertLessThanOrEqual(text.width, 680 - 48, "a readable measure")
                    XCTAssertEqual(text.x + text.width / 2, window / 2, accuracy: 2, "centred")
                } else {
                    XCTAssertEqual(text.x, 24, accuracy: 1, "the text starts at the story's 24-px margin")
                    XCTAssertEqual(text.width, window - 48, accuracy: 1, "and fills the narrow window")
                }
            }
        }
    }

    /// Scrolling never scales a picture on the main thread: card-sized pictures are made in the
    /// background and the cards show them once ready.
    func testScrollingScalesNoPictureOnTheMainThread() throws {
        try MainActor.assumeIsolated {
            let main = try Self.makeWindow("Today Scaling", width: 1280)
            defer { main.window.destroy() }
            guard let id = XDoTool.window(named: "Today Scaling") else { return XCTFail("no X window") }
            XDoTool.run(["windowraise", id])
            MainLoop.run(until: { !main.today.isLoadingImages }, timeout: 5)
            let before = PixbufScaling.mainThreadScaleCount
            XDoTool.run(["mousemove", "--window", id, "640", "400"])
            // Each notch handled and drawn before the next, as a hand turns a wheel.
            for _ in 0..<20 {
                XDoTool.run(["click", "5"])
                MainLoop.handlePendingInput()
                XCTAssertTrue(MainLoop.runUntilPainted(main.window, frames: 1))
            }
            XCTAssertTrue(MainLoop.run(until: { !main.today.isLoadingImages }, timeout: 5), "the pictures arrive")
            XCTAssertTrue(MainLoop.runUntilPainted(main.window), "the cards were drawn with them")
            XCTAssertGreaterThan(main.today.scrollOffset, 0, "the wheel scrolled the feed")
            XCTAssertEqual(PixbufScaling.mainThreadScaleCount, before, "no picture was scaled on the main thread")
            XCTAssertGreaterThan(main.today.cardPicturesShown, 0, "the cards on screen show their pictures")
        }
    }

    func testAMalformedFeedShowsTheErrorViewWithItsLine() throws {
        try MainActor.assumeIsolated {
            let path = Self.fixtures.appendingPathComponent("malformed.json").path
            let main = try Self.makeWindow("Today Malformed", width: 800, feed: path)
            defer { main.window.destroy() }
            let message = try XCTUnwrap(main.today.errorMessage, "the error view is shown")
            XCTAssertTrue(message.contains("malformed.json, line 8, column 9"), message)
            XCTAssertFalse(message.contains(Self.fixtures.path), "the file's name, not a raw path: \(message)")
            XCTAssertTrue(message.hasPrefix("Expected"), "a sentence, not compiler output: \(message)")
            MainLoop.run(until: { main.window.focusTypeName == "GtkButton" }, timeout: 5)
            XCTAssertEqual(main.window.focusTypeName, "GtkButton", "Try Again has the focus; no text is selected")
            XCTAssertTrue(main.today.visibleCards.isEmpty)
        }
    }

    /// A procfs file says it is 0 bytes long: it is read whole, so the error points into what it holds
    /// ("0.52 0.58 …": a number, then more after it) rather than at a one-byte "0", a lone number.
    func testAProcfsFileAsAFeedIsReadWhole() throws {
        try MainActor.assumeIsolated {
            let main = try Self.makeWindow("Today Procfs", width: 800, feed: "/proc/loadavg")
            defer { main.window.destroy() }
            let message = try XCTUnwrap(main.today.errorMessage, "the error view is shown")
            XCTAssertTrue(message.contains("after the end of the top-level value"), message)
            XCTAssertTrue(message.contains("loadavg, line 1, column"), message)
        }
    }

    func testBadCardsAreReportedWhileGoodOnesShow() throws {
        try MainActor.assumeIsolated {
            let path = Self.fixtures.appendingPathComponent("wrong-types.json").path
            let main = try Self.makeWindow("Today Partial", width: 800, feed: path)
            defer { main.window.destroy() }
            XCTAssertNil(main.today.errorMessage)
            XCTAssertEqual(main.today.visibleCards.count, 2, "the two good cards show")
            let problems = try XCTUnwrap(main.today.problemsText)
            XCTAssertTrue(problems.contains("wrong-types.json, line 8"), problems)
            XCTAssertTrue(problems.contains("wrong-types.json, line 9"), problems)
            XCTAssertTrue(problems.contains("missing.jpg"), "the missing picture is named: \(problems)")
        }
    }

    func testScrollingAHundredThousandCardsKeepsTheWidgetPoolSmall() throws {
        try MainActor.assumeIsolated {
            let options = try Options.parse(["--section", "today", "--window-size", "1280x800"])
            let main = MainWindow(window: TestApplication.window(), options: options, sandbox: .unavailable(reason: "not needed"),
                                  standIns: StandIns(todayFeed: StandIns.generatedFeed(cards: 100_000)))
            main.window.present()
            defer { main.window.destroy() }
            XCTAssertTrue(MainLoop.run(until: { !main.today.visibleCards.isEmpty }, timeout: 10))
            let height = main.today.contentHeight
            XCTAssertGreaterThan(height, 100_000 / 2 * 413, "every card has a place")
            var most = 0
            for step in stride(from: 0.0, through: 1.0, by: 0.1) {
                main.today.scroll(to: height * step)
                XCTAssertTrue(MainLoop.runUntilPainted(main.window, frames: 1), "drawn at \(Int(step * 100)) %")
                most = max(most, main.today.cardWidgetCount)
                XCTAssertFalse(main.today.visibleCards.isEmpty, "cards at \(Int(step * 100)) %")
            }
            XCTAssertLessThan(most, 30, "only what is on screen has widgets")
            XCTAssertLessThanOrEqual(main.today.decodedImageCount, 16, "images are decoded once each")
        }
    }
}

/// A story at the feed's length limit opens at once and lays its text out after opening.
final class TodayLongStoryTests: XCTestCase {
    func testALongStoryOpensFirstAndLaysOutTheRestInBatches() throws {
        try requireDisplay()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-long-story-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paragraph = String(repeating: "A long story goes on. ", count: 22) // ~480 characters
        let card: [String: Any] = ["id": "long", "kind": "feature", "eyebrow": "Long", "title": "The Long Story",
                                   "body": Array(repeating: paragraph, count: 200)]
        let feed: [String: Any] = ["version": 1, "sections": [["date": "2026-11-21", "cards": [card]]]]
        let url = folder.appendingPathComponent("feed.json")
        try JSONSerialization.data(withJSONObject: feed).write(to: url)
        try MainActor.assumeIsolated {
            let args = ["--section", "today", "--window-size", "1000x700", "--ephemeral", "--feed", url.path]
            let main = MainWindow(window: TestApplication.window(), options: try Options.parse(args), sandbox: .unavailable(reason: "not needed"))
            main.window.present()
            defer { main.window.destroy() }
            XCTAssertTrue(MainLoop.run(until: { !main.today.visibleCards.isEmpty }, timeout: 10))
            main.today.openFirstVisibleCard()
            XCTAssertTrue(main.today.isStoryShown)
            XCTAssertEqual(main.today.storyTitle, "The Long Story")
            let first = main.today.storyParagraphsLaidOut
            XCTAssertGreaterThan(first, 0)
            XCTAssertLessThan(first, 30, "only the first batch is laid out when the story opens")
            XCTAssertTrue(main.today.isLayingOutStory)
            XCTAssertTrue(MainLoop.run(until: { !main.today.isLayingOutStory }, timeout: 10))
            XCTAssertEqual(main.today.storyParagraphsLaidOut, 200, "and then all of it")
        }
    }
}
