import ContentFilters
import XCTest

/// Element hiding as `css-display-none`, and `#@#` exceptions folded into the rules they name.
final class CosmeticFilterTests: XCTestCase {
    func testGenericHiding() {
        let conversion = Conversion(["##.ad-banner", "###sponsor > div[class^=\"promo\"]"])
        XCTAssertEqual(conversion.rules, [
            hideRule(#""url-filter":".*""#, ".ad-banner"),
            hideRule(#""url-filter":".*""#, #"#sponsor > div[class^=\"promo\"]"#),
        ])
    }

    func testHidingOnSomeSitesOrAllButSome() {
        let conversion = Conversion(["example.com,Example.org##.ad", "~shop.example##.ad2"])
        XCTAssertEqual(conversion.rules, [
            hideRule(#""url-filter":".*","resource-type":["document"],"if-domain":["*example.com","*example.org"]"#, ".ad"),
            hideRule(#""url-filter":".*","resource-type":["document"],"unless-domain":["*shop.example"]"#, ".ad2"),
        ])
    }

    func testWildcardDomainsBesideOthersAreLeftOutAndCounted() {
        let conversion = Conversion(["a.com,amazon.*,B.com##.ad", "/ad.js$domain=amazon.*|c.com"])
        XCTAssertEqual(conversion.rules, [
            blockRule(#""url-filter":"/ad\\.js","if-domain":["*c.com"]"#),
            hideRule(#""url-filter":".*","resource-type":["document"],"if-domain":["*a.com","*b.com"]"#, ".ad"),
        ])
        XCTAssertEqual(conversion.report.filtersConverted, 2)
        XCTAssertEqual(conversion.report.filtersNarrowed,
                       SkippedLines(count: 2, examples: ["a.com,amazon.*,B.com##.ad", "/ad.js$domain=amazon.*|c.com"]))
        XCTAssertEqual(conversion.report.skipped, [:])
    }

    func testGenericExceptionDropsTheRule() {
        let conversion = Conversion(["##.ad", "#@#.ad", "##.kept"])
        XCTAssertEqual(conversion.rules, [hideRule(#""url-filter":".*""#, ".kept")])
        XCTAssertEqual(conversion.report.filtersConverted, 3)
    }

    func testSiteExceptionJoinsUnlessDomain() {
        let conversion = Conversion(["news.example#@#.ad", "##.ad", "~a.example##.ad2", "b.example#@#.ad2"])
        XCTAssertEqual(conversion.rules, [
            hideRule(#""url-filter":".*","resource-type":["document"],"unless-domain":["*news.example"]"#, ".ad"),
            hideRule(#""url-filter":".*","resource-type":["document"],"unless-domain":["*a.example","*b.example"]"#, ".ad2"),
        ])
    }

    func testSiteExceptionLeavesIfDomain() {
        let conversion = Conversion(["a.example,b.example##.ad", "a.example#@#.ad", "c.example##.x", "c.example#@#.x"])
        XCTAssertEqual(conversion.rules, [hideRule(#""url-filter":".*","resource-type":["document"],"if-domain":["*b.example"]"#, ".ad")])
    }

    func testSubdomainExceptionAgainstItsSiteIsCounted() {
        let conversion = Conversion(["example.com##.ad", "shop.example.com#@#.ad"])
        XCTAssertEqual(conversion.rules, [hideRule(#""url-filter":".*","resource-type":["document"],"if-domain":["*example.com"]"#, ".ad")])
        XCTAssertEqual(conversion.report.skipped[.cosmeticExceptionNarrowerThanRule]?.count, 1)
        XCTAssertEqual(conversion.report.skipped[.cosmeticExceptionNarrowerThanRule]?.examples, ["shop.example.com#@#.ad"])
    }

    func testAddressFilterWithAHashIsNotCosmetic() {
        let conversion = Conversion(["||example.com/#ad"])
        XCTAssertEqual(conversion.rules, [blockRule(#""url-filter":"\#(anchor)example\\.com/#ad""#)])
    }
}
