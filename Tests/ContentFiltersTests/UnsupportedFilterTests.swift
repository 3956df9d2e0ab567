import ContentFilters
import XCTest

/// Every form WebKit cannot express becomes no rule and is counted under its reason.
final class UnsupportedFilterTests: XCTestCase {
    private func assertSkipped(_ line: String, _ reason: SkipReason, file: StaticString = #filePath, line number: UInt = #line) {
        let conversion = Conversion([line])
        XCTAssertEqual(conversion.output.chunks, [], line, file: file, line: number)
        XCTAssertEqual(conversion.report.skipped, [reason: SkippedLines(count: 1, examples: [line])], line,
                       file: file, line: number)
        XCTAssertEqual(conversion.report.filtersConverted, 0, line, file: file, line: number)
    }

    func testOptionsWebKitCannotExpress() {
        assertSkipped("||example.com^$csp=script-src", .option("csp"))
        assertSkipped("||example.com/ad.js$script,redirect=noop.js", .option("redirect"))
        assertSkipped("||example.com/ad.js$rewrite=abp-resource:blank-js", .option("rewrite"))
        assertSkipped("$removeparam=utm_source", .option("removeparam"))
        assertSkipped("@@||example.com^$generichide", .option("generichide"))
        assertSkipped("@@||example.com^$elemhide", .option("elemhide"))
        assertSkipped("||example.com^$important", .option("important"))
        assertSkipped("||example.com^$badfilter", .option("badfilter"))
        assertSkipped("||example.com^$sitekey=abc", .option("sitekey"))
        assertSkipped("||example.com^$nonsense-option", .option("nonsense-option"))
    }

    func testTypesWebKitNeverLoads() {
        assertSkipped("||example.com/x.swf$object", .noWebKitResourceType)
        assertSkipped("||example.com^$webrtc", .noWebKitResourceType)
    }

    func testRegexOutsideWebKitsSubset() {
        assertSkipped(#"/(https?:\/\/)\w{30,}\.me\//$script"#, .regexOutsideWebKitSubset)
        assertSkipped("/ads(1|2)\\.js/", .regexOutsideWebKitSubset)
        assertSkipped("/a(?=b)/", .regexOutsideWebKitSubset)
        assertSkipped("/a^b/", .regexOutsideWebKitSubset)
    }

    func testDomainsWebKitCannotHold() {
        assertSkipped("/ad.js$domain=example.com|~shop.example.com", .mixedDomains)
        assertSkipped("/ad.js$domain=example.*", .wildcardDomain)
        assertSkipped("/ad.js$domain=exämple.com", .nonASCII)
        assertSkipped("example.com,~shop.example.com##.ad", .mixedDomains)
        assertSkipped("google.*##.ad", .wildcardDomain)
        assertSkipped("/ad.js$domain=a.com|~amazon.*", .wildcardDomain)
        assertSkipped("a.com,~amazon.*##.ad", .wildcardDomain)
        assertSkipped("a.com,amazon.*#@#.ad", .wildcardDomain)
        assertSkipped("/wérbung/", .nonASCII)
    }

    func testFiltersMatchingEverything() {
        assertSkipped("*", .matchesEverything)
        assertSkipped("$third-party", .matchesEverything)
        assertSkipped("*$~third-party", .matchesEverything)
    }

    func testPageExceptionsForLessThanASite() {
        assertSkipped("@@||example.com/path^$document", .documentExceptionNotForASite)
        assertSkipped("@@||example.com^$document,script", .documentExceptionNotForASite)
    }

    func testScriptsAndProceduralCosmetics() {
        assertSkipped("example.com##+js(set, ads, false)", .scriptInjection)
        assertSkipped("example.com#$#abort-on-property-read ads", .scriptInjection)
        assertSkipped("example.com#%#window.ads = 1", .scriptInjection)
        assertSkipped("example.com#@$#abort-on-property-read ads", .scriptInjection)
        assertSkipped("example.com#?#div:-abp-has(.ad)", .proceduralCosmetic)
        assertSkipped("example.com#@?#div:-abp-has(.ad)", .proceduralCosmetic)
        assertSkipped("example.com##div:has-text(Sponsored)", .proceduralCosmetic)
        assertSkipped("example.com##.ad:style(height: 0)", .proceduralCosmetic)
        assertSkipped("example.com##div:xpath(//div)", .proceduralCosmetic)
        assertSkipped("example.com##^script:has-text(ads)", .htmlFilter)
        assertSkipped("example.com$$script[data-ad]", .htmlFilter)
        assertSkipped("example.com##.ad { display: none }", .invalidSelector)
        assertSkipped("~example.com#@#.ad", .cosmeticExceptionNarrowerThanRule)
    }

    func testPreprocessorBlocksForOtherBlockers() {
        let conversion = Conversion([
            "!#if ext_ublock", "||a.example^", "!#else", "||b.example^", "!#endif",
            "!#if !env_safari", "||c.example^", "!#endif",
        ])
        XCTAssertEqual(conversion.rules, [
            blockRule(#""url-filter":"\#(anchor)b\\.example[/:]""#),
            blockRule(#""url-filter":"\#(anchor)c\\.example[/:]""#),
        ])
        XCTAssertEqual(conversion.report.skipped[.preprocessorExcluded]?.count, 1)
    }

    func testCommentsHeadersAndBlanksAreNotCounted() {
        let conversion = Conversion(["[Adblock Plus 2.0]", "! Title: EasyList", "", "   ", "||a.example^"])
        XCTAssertEqual(conversion.report.linesIgnored, 4)
        XCTAssertEqual(conversion.report.linesRead, 5)
        XCTAssertEqual(conversion.report.skipped, [:])
        XCTAssertEqual(conversion.rules.count, 1)
    }

    func testGarbageIsUnreadable() {
        let conversion = Conversion(["@@", "hello world this is prose", "a\u{1}b", "0.0.0.0 ads.example", "||a.example^"])
        XCTAssertEqual(conversion.report.skipped[.malformed]?.count, 4)
        XCTAssertEqual(conversion.report.unreadableLines, 4)
        XCTAssertEqual(conversion.report.unsupportedFilters, 0)
        XCTAssertEqual(conversion.rules.count, 1)
    }

    func testDuplicatesAreCounted() {
        let conversion = Conversion(["||a.example^", "||a.example^", "||A.example^$match-case"])
        XCTAssertEqual(conversion.rules.count, 2)
        XCTAssertEqual(conversion.report.skipped[.duplicate]?.count, 1)
    }

    func testExamplesAreBoundedButCountsAreNot() {
        let lines = (0..<10).map { "||a\($0).example^$csp=x" }
        let conversion = Conversion(lines)
        XCTAssertEqual(conversion.report.skipped[.option("csp")]?.count, 10)
        XCTAssertEqual(conversion.report.skipped[.option("csp")]?.examples, Array(lines.prefix(3)))
    }
}
