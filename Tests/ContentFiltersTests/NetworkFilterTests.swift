import ContentFilters
import XCTest

/// Each address-filter form Adblock Plus lists use, and the exact WebKit rule it becomes.
final class NetworkFilterTests: XCTestCase {
    /// An exception alone makes no chunk (it would lift nothing), so each is converted after a block.
    private static let block = "||other.example^"
    private static let blockJSON = blockRule(#""url-filter":"\#(anchor)other\\.example[/:]""#)

    private func assertRules(_ line: String, _ expected: [String], file: StaticString = #filePath, line number: UInt = #line) {
        let isException = line.hasPrefix("@@")
        let conversion = Conversion(isException ? [Self.block, line] : [line])
        XCTAssertEqual(conversion.rules, isException ? [Self.blockJSON] + expected : expected, line, file: file, line: number)
        XCTAssertEqual(conversion.report.filtersConverted, isException ? 2 : 1, line, file: file, line: number)
        XCTAssertEqual(conversion.report.skipped, [:], line, file: file, line: number)
    }

    func testDomainAnchorAndSeparatorAfterTheHost() {
        assertRules("||ads.example.com^", [blockRule(#""url-filter":"\#(anchor)ads\\.example\\.com[/:]""#)])
    }

    func testDomainAnchorWithAPath() {
        assertRules("||example.com/ads/*.js", [blockRule(#""url-filter":"\#(anchor)example\\.com/ads/.*\\.js""#)])
    }

    func testStartAndEndAnchors() {
        assertRules("|https://ads.", [blockRule(#""url-filter":"^https://ads\\.""#)])
        assertRules("/banner.gif|", [blockRule(#""url-filter":"/banner\\.gif$""#)])
    }

    func testSeparatorInThePathAndAtTheEnd() {
        assertRules("/ad^size=", [blockRule(#""url-filter":"/ad[^a-zA-Z0-9_.%-]size=""#)])
        assertRules("/adserver^", [blockRule(#""url-filter":"/adserver([^a-zA-Z0-9_.%-].*)?$""#)])
    }

    func testWildcardsAndRegexCharactersEscaped() {
        assertRules("*/ad+(1)?x=[y]*", [blockRule(#""url-filter":"/ad\\+\\(1\\)\\?x=\\[y\\]""#)])
    }

    func testThirdPartyAndFirstParty() {
        assertRules("||t.example^$third-party",
                    [blockRule(#""url-filter":"\#(anchor)t\\.example[/:]","load-type":["third-party"]"#)])
        assertRules("||t.example^$~third-party",
                    [blockRule(#""url-filter":"\#(anchor)t\\.example[/:]","load-type":["first-party"]"#)])
    }

    func testDomainOption() {
        assertRules("/ads.js$domain=a.com|b.org",
                    [blockRule(#""url-filter":"/ads\\.js","if-domain":["*a.com","*b.org"]"#)])
        assertRules("/ads.js$domain=~a.com|~B.org",
                    [blockRule(#""url-filter":"/ads\\.js","unless-domain":["*a.com","*b.org"]"#)])
        // ~b.com lies outside a.com, so it changes nothing: if-domain alone says it.
        assertRules("/ads.js$domain=a.com|~b.com",
                    [blockRule(#""url-filter":"/ads\\.js","if-domain":["*a.com"]"#)])
    }

    func testDomainOptionWithoutPatternAppliesOnThoseSites() {
        assertRules("$script,domain=a.com",
                    [blockRule(#""url-filter":".*","resource-type":["script"],"if-domain":["*a.com"]"#)])
    }

    func testEveryAddressOfSomeTypes() {
        assertRules("$ping,third-party",
                    [blockRule(#""url-filter":".*","resource-type":["ping"],"load-type":["third-party"]"#)])
    }

    func testIPv6Hosts() {
        assertRules("||0.0.0.0^$third-party,domain=~127.0.0.1|~[::1]", [
            blockRule(#""url-filter":"\#(anchor)0\\.0\\.0\\.0[/:]","load-type":["third-party"],"unless-domain":["*127.0.0.1","*[::1]"]"#),
        ])
    }

    func testResourceTypes() {
        let cases: [(String, String)] = [
            ("script", "script"), ("image", "image"), ("stylesheet", "style-sheet"), ("xmlhttprequest", "fetch"),
            ("font", "font"), ("media", "media"), ("popup", "popup"), ("websocket", "websocket"),
            ("ping", "ping"), ("other", "other"), ("document", "document"),
        ]
        for (abp, webKit) in cases {
            assertRules("/x-$\(abp)", [blockRule(#""url-filter":"/x-","resource-type":["\#(webKit)"]"#)])
        }
        assertRules("/x-$script,image,third-party",
                    [blockRule(#""url-filter":"/x-","resource-type":["image","script"],"load-type":["third-party"]"#)])
    }

    func testFramesAreDocumentsInAChildFrame() {
        assertRules("/x-$subdocument",
                    [blockRule(#""url-filter":"/x-","resource-type":["document"],"load-context":["child-frame"]"#)])
        // Mixed with other types, frames get a rule of their own (load-context is the whole trigger's).
        assertRules("/x-$script,subdocument", [
            blockRule(#""url-filter":"/x-","resource-type":["script"]"#),
            blockRule(#""url-filter":"/x-","resource-type":["document"],"load-context":["child-frame"]"#),
        ])
    }

    func testNegatedTypesAreEveryOtherType() {
        assertRules("/x-$~script,~subdocument", [
            blockRule(#""url-filter":"/x-","resource-type":["image","style-sheet","font","fetch","websocket","media","ping","other"]"#),
        ])
        assertRules("/x-$image,~image,script", [blockRule(#""url-filter":"/x-","resource-type":["script"]"#)])
    }

    func testMatchCase() {
        assertRules("/BannerAd.$match-case",
                    [blockRule(#""url-filter":"/BannerAd\\.","url-filter-is-case-sensitive":true"#)])
    }

    func testExceptionIsIgnorePreviousRules() {
        assertRules("@@||example.com/ads.js$script",
                    [exceptionRule(#""url-filter":"\#(anchor)example\\.com/ads\\.js","resource-type":["script"]"#)])
    }

    func testPageExceptionForAWholeSite() {
        assertRules("@@||example.com^$document", [exceptionRule(#""url-filter":".*","if-domain":["*example.com"]"#)])
    }

    func testRegexFilterInWebKitsSubset() {
        assertRules(#"/^https?:\/\/cdn\.example\.net\/[a-z0-9]+\.js/$script"#,
                    [blockRule(#""url-filter":"^https?:\\/\\/cdn\\.example\\.net\\/[a-z0-9]+\\.js","resource-type":["script"]"#)])
    }

    func testDollarInsideAPatternIsNotOptions() {
        assertRules("/ad$/x", [blockRule(#""url-filter":"/ad\\$/x""#)])
    }
}
