import ContentFilters
import XCTest

/// Element hiding, which pages get from Skiff (`HidingRules`), not from WebKit's content blocker:
/// a site's rules, the generic rules no class or id keys, the generic rules for the classes and ids a
/// page has, and `#@#` exceptions folded into the rules they name.
final class CosmeticFilterTests: XCTestCase {
    /// What a page at `host` gets from its start, and for `tokens` its elements have.
    private func hidden(_ conversion: Conversion, on host: String, tokens: [String] = []) -> (site: [String], tokens: [String]) {
        var applied = Set<Int>()
        let hiding = conversion.output.hiding
        return (hiding.siteSelectors(forHost: host), hiding.selectors(forTokens: tokens, host: host, applied: &applied))
    }

    func testHidingRulesLeaveWebKitsChunks() {
        let conversion = Conversion(["||ads.example^", "##.ad-banner", "news.example##.promo"])
        XCTAssertEqual(conversion.rules, [blockRule(#""url-filter":"\#(anchor)ads\\.example[/:]""#)])
        XCTAssertEqual(conversion.output.hiding.ruleCount, 2)
        XCTAssertEqual(conversion.report.rulesWritten, 3)
    }

    func testGenericHidingIsKeyedByTheClassOrIdItNeeds() {
        let conversion = Conversion(["||ads.example^", "##.ad-banner", "###sponsor > div[class^=\"promo\"]", "##[id^=\"div-gpt-ad\"]"])
        let none = hidden(conversion, on: "news.example", tokens: [".article", "#main"])
        XCTAssertEqual(none.site, [#"[id^="div-gpt-ad"]"#], "a rule no class or id keys is on every page")
        XCTAssertEqual(none.tokens, [])
        let some = hidden(conversion, on: "news.example", tokens: [".AD-Banner", "#sponsor", ".other"])
        XCTAssertEqual(some.tokens, [".ad-banner", #"#sponsor > div[class^="promo"]"#])
    }

    func testAKeyIsAClassOrIdOutsideBracketsAndParentheses() {
        let conversion = Conversion(["||ads.example^", "##div:not(.x) > .ad.box", "##a[href*=\"x.example#y\"]",
                                     "##.a, .b", #"##.\[\&_\.x"#])
        let page = hidden(conversion, on: "news.example", tokens: [".x", ".ad"])
        XCTAssertEqual(page.tokens, ["div:not(.x) > .ad.box"])
        XCTAssertEqual(page.site, [#"a[href*="x.example#y"]"#, ".a, .b", #".\[\&_\.x"#])
    }

    func testHidingOnSomeSitesOrAllButSome() {
        let conversion = Conversion(["||ads.example^", "example.com,Example.org##.ad", "~shop.example##.ad2", "~shop.example##[data-ad]"])
        XCTAssertEqual(hidden(conversion, on: "www.example.org", tokens: [".ad2"]).site, [".ad", "[data-ad]"])
        XCTAssertEqual(hidden(conversion, on: "www.example.org", tokens: [".ad2"]).tokens, [".ad2"])
        XCTAssertEqual(hidden(conversion, on: "notexample.com").site, ["[data-ad]"], "a domain's rules are for its subdomains, not for other names ending alike")
        XCTAssertEqual(hidden(conversion, on: "m.shop.example", tokens: [".ad2", ".ad"]).site, [])
        XCTAssertEqual(hidden(conversion, on: "m.shop.example", tokens: [".ad2", ".ad"]).tokens, [])
    }

    func testAPageExceptionHidesNothingOnItsSite() {
        let conversion = Conversion(["||ads.example^", "##.ad", "site.example##.x", "##[data-ad]", "@@||site.example^$document"])
        XCTAssertFalse(conversion.output.hiding.hides(onHost: "www.site.example"))
        XCTAssertEqual(hidden(conversion, on: "www.site.example", tokens: [".ad"]).site, [])
        XCTAssertEqual(hidden(conversion, on: "www.site.example", tokens: [".ad"]).tokens, [])
        XCTAssertEqual(hidden(conversion, on: "other.example", tokens: [".ad"]).tokens, [".ad"])
    }

    func testWildcardDomainsBesideOthersAreLeftOutAndCounted() {
        let conversion = Conversion(["a.com,amazon.*,B.com##.ad", "/ad.js$domain=amazon.*|c.com"])
        XCTAssertEqual(conversion.rules, [blockRule(#""url-filter":"/ad\\.js","if-domain":["*c.com"]"#)])
        XCTAssertEqual(hidden(conversion, on: "b.com").site, [".ad"])
        XCTAssertEqual(hidden(conversion, on: "amazon.de").site, [])
        XCTAssertEqual(conversion.report.filtersConverted, 2)
        XCTAssertEqual(conversion.report.filtersNarrowed,
                       SkippedLines(count: 2, examples: ["a.com,amazon.*,B.com##.ad", "/ad.js$domain=amazon.*|c.com"]))
        XCTAssertEqual(conversion.report.skipped, [:])
    }

    func testGenericExceptionDropsTheRule() {
        let conversion = Conversion(["||ads.example^", "##.ad", "#@#.ad", "##.kept"])
        XCTAssertEqual(hidden(conversion, on: "a.example", tokens: [".ad", ".kept"]).tokens, [".kept"])
        XCTAssertEqual(conversion.report.filtersConverted, 4)
    }

    func testSiteExceptionJoinsTheRulesExceptions() {
        let conversion = Conversion(["||ads.example^", "news.example#@#.ad", "##.ad", "~a.example##.ad2", "b.example#@#.ad2"])
        XCTAssertEqual(hidden(conversion, on: "news.example", tokens: [".ad", ".ad2"]).tokens, [".ad2"])
        XCTAssertEqual(hidden(conversion, on: "b.example", tokens: [".ad", ".ad2"]).tokens, [".ad"])
        XCTAssertEqual(hidden(conversion, on: "c.example", tokens: [".ad", ".ad2"]).tokens, [".ad", ".ad2"])
    }

    func testSiteExceptionLeavesTheRulesSites() {
        let conversion = Conversion(["||ads.example^", "a.example,b.example##.ad", "a.example#@#.ad", "c.example##.x", "c.example#@#.x"])
        XCTAssertEqual(hidden(conversion, on: "a.example").site, [])
        XCTAssertEqual(hidden(conversion, on: "b.example").site, [".ad"])
        XCTAssertEqual(hidden(conversion, on: "c.example").site, [])
    }

    func testSubdomainExceptionAgainstItsSiteIsCounted() {
        let conversion = Conversion(["||ads.example^", "example.com##.ad", "shop.example.com#@#.ad"])
        XCTAssertEqual(hidden(conversion, on: "shop.example.com").site, [".ad"], "kept whole, not guessed")
        XCTAssertEqual(conversion.report.skipped[.cosmeticExceptionNarrowerThanRule]?.count, 1)
        XCTAssertEqual(conversion.report.skipped[.cosmeticExceptionNarrowerThanRule]?.examples, ["shop.example.com#@#.ad"])
    }

    func testTheRulesKeptOnDiskAreTheRulesMade() throws {
        let conversion = Conversion(["||ads.example^", "##.ad", "~a.example,~b.example##.ad2", "##[data-ad]",
                                     "news.example,sport.example##.promo", "@@||site.example^$document"])
        let hiding = conversion.output.hiding
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("skiff-hiding-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("old".utf8).write(to: folder.appendingPathComponent(HidingRules.fileName(fingerprint: "old")))
        try hiding.write(in: folder, fingerprint: "new")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [HidingRules.fileName(fingerprint: "new")],
                       "the rules of older lists are removed")
        let read = try XCTUnwrap(HidingRules.read(in: folder, fingerprint: "new"))
        XCTAssertEqual(read.encoded(), hiding.encoded())
        for host in ["a.example", "www.news.example", "site.example", "c.example"] {
            var one = Set<Int>(), two = Set<Int>()
            XCTAssertEqual(read.siteSelectors(forHost: host), hiding.siteSelectors(forHost: host), host)
            XCTAssertEqual(read.selectors(forTokens: [".ad", ".ad2"], host: host, applied: &one),
                           hiding.selectors(forTokens: [".ad", ".ad2"], host: host, applied: &two), host)
        }
        XCTAssertNil(HidingRules.read(in: folder, fingerprint: "other"))
        XCTAssertNil(HidingRules.decode(Data("skiff-hiding 1\ng\tnot enough\n".utf8)))
        XCTAssertNil(HidingRules.decode(Data("something else\n".utf8)))
    }

    func testATokenIsLookedUpOncePerPage() {
        let conversion = Conversion(["||ads.example^", "##.ad", "##.ad > .x"])
        var applied = Set<Int>()
        let hiding = conversion.output.hiding
        XCTAssertEqual(hiding.selectors(forTokens: [".ad"], host: "a.example", applied: &applied), [".ad", ".ad > .x"])
        XCTAssertEqual(hiding.selectors(forTokens: [".ad"], host: "a.example", applied: &applied), [])
        XCTAssertEqual(hiding.selectors(applied: applied), [".ad", ".ad > .x"])
        XCTAssertEqual(HidingRules.css([".ad", "#x"]), ".ad{display:none!important}\n#x{display:none!important}\n")
    }

    func testAddressFilterWithAHashIsNotCosmetic() {
        let conversion = Conversion(["||example.com/#ad"])
        XCTAssertEqual(conversion.rules, [blockRule(#""url-filter":"\#(anchor)example\\.com/#ad""#)])
    }
}
