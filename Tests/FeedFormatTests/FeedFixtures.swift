// Fixtures written by the team for these tests (the cases learnt from the Universal Feed Parser's
// suite, the texts our own).

enum FeedFixtures {
    static let rss20 = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"
             xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/"
             xmlns:sy="http://purl.org/rss/1.0/modules/syndication/" xmlns:atom="http://www.w3.org/2005/Atom">
          <channel>
            <title>Harbour &amp; Hills</title>
            <link>https://example.org/blog/</link>
            <atom:link rel="self" href="https://example.org/blog/feed.xml"/>
            <description>Notes from the coast</description>
            <ttl>90</ttl>
            <image><url>/images/logo.png</url><title>Logo title must not win</title></image>
            <item>
              <title>Tide tables &lt;em&gt;decoded&lt;/em&gt; &amp;amp; explained</title>
              <link>https://example.org/blog/tides</link>
              <guid isPermaLink="false">tag:example.org,2026:tides</guid>
              <pubDate>Tue, 24 Nov 2026 09:30:00 +0100</pubDate>
              <dc:creator>Ines Marlow</dc:creator>
              <description>&lt;p&gt;Why the &lt;b&gt;moon&lt;/b&gt; matters.&lt;/p&gt;</description>
              <content:encoded><![CDATA[<p>Full text <img src="/pics/tide.jpg" alt="tide"></p>]]></content:encoded>
              <media:group>
                <media:content url="https://cdn.example.org/small.jpg" medium="image" width="320" height="200"/>
                <media:content url="https://cdn.example.org/large.jpg" medium="image" width="1280" height="800"/>
                <media:content url="https://cdn.example.org/clip.mp4" medium="video" width="1920" height="1080"/>
              </media:group>
            </item>
            <item>
              <title>Second</title>
              <guid>https://example.org/blog/second</guid>
              <enclosure url="https://cdn.example.org/second.png" type="image/png" length="1000"/>
              <author>ines@example.org (Ines Marlow)</author>
            </item>
          </channel>
        </rss>
        """

    static let rss10 = """
        <?xml version="1.0"?>
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
                 xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/">
          <channel rdf:about="https://example.org/rdf">
            <title>Field Notes</title>
            <link>https://example.org/notes/</link>
            <sy:updatePeriod>hourly</sy:updatePeriod>
            <sy:updateFrequency>2</sy:updateFrequency>
          </channel>
          <image rdf:about="https://example.org/logo.gif"><title>x</title><url>https://example.org/logo.gif</url></image>
          <item rdf:about="https://example.org/notes/1">
            <title>First note</title>
            <link>https://example.org/notes/1</link>
            <dc:date>2026-11-20T08:00:00Z</dc:date>
            <dc:creator>Bo</dc:creator>
          </item>
        </rdf:RDF>
        """

    static let rss090 = """
        <?xml version="1.0"?>
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://my.netscape.com/rdf/simple/0.9/">
          <channel><title>Old School</title><link>https://example.org/old/</link></channel>
          <item><title>Ninety</title><link>https://example.org/old/90</link></item>
        </rdf:RDF>
        """

    static let rss091 = """
        <?xml version="1.0" encoding="ISO-8859-1"?>
        <!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">
        <rss version="0.91"><channel><title>Caf&eacute; News</title><link>https://example.org/cafe/</link>
        <item><title>Cr\u{E8}me br\u{FB}l\u{E9}e</title><link>https://example.org/cafe/1</link><description>Sweet &amp; warm</description></item>
        </channel></rss>
        """

    static let atom = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://example.net/site/">
          <title type="html">Lighthouse &lt;i&gt;Log&lt;/i&gt;</title>
          <link rel="alternate" href="/"/>
          <link rel="self" href="https://example.net/site/atom.xml"/>
          <icon>favicon.png</icon>
          <id>urn:uuid:60a76c80</id>
          <updated>2026-11-24T10:00:00Z</updated>
          <entry xml:base="posts/">
            <title type="text">Fog &amp; the &lt;horn&gt;</title>
            <link rel="alternate" type="text/html" href="fog.html"/>
            <link rel="enclosure" type="image/jpeg" href="fog.jpg"/>
            <id>urn:uuid:1225c695</id>
            <published>2026-11-23T18:30:02.25+01:00</published>
            <updated>2026-11-24T09:00:00Z</updated>
            <author><name>Keeper Hale</name></author>
            <summary type="html">&lt;p&gt;Three nights of &lt;b&gt;fog&lt;/b&gt;.&lt;/p&gt;</summary>
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>The horn <img src="horn.png"/> sounded.</p></div></content>
            <source><title>Another feed</title><link href="https://elsewhere.example/"/><id>other</id></source>
          </entry>
          <entry>
            <title>Plain</title>
            <link href="https://example.net/site/plain"/>
            <id>urn:uuid:2</id>
            <updated>2026-11-22T10:00:00Z</updated>
            <content type="text">Line one.

        Line two &lt; three.</content>
          </entry>
        </feed>
        """

    static let jsonFeed = """
        {
          "version": "https://jsonfeed.org/version/1.1",
          "title": "Orchard Journal",
          "home_page_url": "https://example.com/",
          "icon": "https://example.com/icon.png",
          "items": [
            {
              "id": "apple-1",
              "url": "https://example.com/apples",
              "title": "Apples &amp; pears",
              "content_html": "<p>Crisp <img src=\\"/img/apple.jpg\\"></p>",
              "summary": "Crisp ones",
              "banner_image": "https://example.com/banner.jpg",
              "date_published": "2026-11-21T10:00:00-05:00",
              "date_modified": "2026-11-22T10:00:00Z",
              "authors": [{"name": "Ada Orchard"}]
            },
            {
              "id": 42,
              "content_text": "Only text here.",
              "image": "/img/42.png",
              "author": {"name": "Old Style"}
            }
          ]
        }
        """
}
