// Pages written by the team for the Reader View tests: each has the furniture real sites have
// (menus, sidebars, comments, footers, link lists) around, or instead of, an article.
enum ReaderFixtures {
    /// A news site's article page: a header with a menu, a sidebar of most-read links and a
    /// newsletter box, the article with a byline, a comment thread and a footer.
    static let news = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <title>Harbour dredging begins after years of delay | The Tideline Gazette</title>
        <meta name="author" content="Mara Quist">
        <link rel="stylesheet" href="/site.css"><script>window.tracking = true;</script>
        </head><body>
        <header class="site-header"><a href="/">The Tideline Gazette</a>
          <nav><ul><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li><li><a href="/weather">Weather</a></li>
          <li><a href="/opinion">Opinion, letters and columns from our readers</a></li></ul></nav></header>
        <div id="page">
          <div class="main-column">
            <article>
              <h1>Harbour dredging begins after years of delay</h1>
              <p class="byline">By Mara Quist</p>
              <p>The first dredger arrived in the outer harbour on Monday morning, its crane swinging over the
              silted channel that has kept the larger fishing boats tied up at the north quay since the spring.</p>
              <p>Work will run in two shifts, from six in the morning until ten at night, and the harbour master
              expects the channel to be clear for vessels of up to four metres' draught by the end of the month.</p>
              <p>Residents along the sea wall, who were promised a quieter schedule, say the night shift was never
              mentioned at the public meeting in February, and they have asked the council to publish the permit.</p>
              <div class="inline-ad"><a href="/ads/1">Advertisement</a></div>
              <p>The council's engineer, speaking at the quay, said the spoil would be carried by barge to the old
              gravel pit, where it will be tested for heavy metals before it is used to rebuild the dunes.</p>
              <p>Fishermen, for their part, welcomed the machines: several of them have been landing their catch at
              the neighbouring port, a two-hour drive away, and paying for ice, crates and transport twice over.</p>
              <p>The harbour authority will publish a tide-by-tide timetable of the work every Friday on its notice board.</p>
            </article>
            <section id="comments" class="comments">
              <h2>Comments</h2>
              <div class="comment"><p>COMMENT-TEXT: I live on the sea wall and nobody, not once, told us about
              the night shift, the noise, the lights, or the trucks; this is the council all over again.</p></div>
              <div class="comment"><p>COMMENT-TEXT: Good news for the boats at last, though I wonder who pays,
              how much, and whether the channel silts up again within two winters, as it did last time.</p></div>
              <div class="comment"><p>COMMENT-TEXT: The gravel pit is next to the school, which, frankly, worries
              me, because nobody has said how long the spoil will sit there, uncovered, before testing.</p></div>
            </section>
            <div id="disqus_thread">
              <p>REPLY-TEXT: The dredging of this harbour, in 1987, in 1996, and again in 2009, was always promised,
              always late, always over budget, and always followed, within a year or two, by more silt.</p>
              <p>REPLY-TEXT: My grandfather, who fished from the north quay, said the channel, the bar and the sands
              move with every storm, and that no machine, however big, will ever keep them still.</p>
            </div>
          </div>
          <div class="sidebar">
            <h3>Most read</h3>
            <ul><li><a href="/a">SIDEBAR-LINK: Ferry timetable changes for the winter</a></li>
            <li><a href="/b">SIDEBAR-LINK: Lifeboat crew honoured for night rescue</a></li>
            <li><a href="/c">SIDEBAR-LINK: New bakery opens on the quay</a></li></ul>
            <div class="newsletter"><p>SIDEBAR-TEXT: Get the Gazette in your inbox every morning, with the tides,
            the weather, and the news from the harbour, free of charge, for as long as you like.</p></div>
          </div>
        </div>
        <footer><p>FOOTER-TEXT: © The Tideline Gazette, 12 Quay Street, registered in the harbour district,
        all rights reserved, reproduction forbidden without written permission.</p><a href="/privacy">Privacy</a></footer>
        </body></html>
        """

    /// A personal blog's post: no `article` element, the text split between two blocks of the same
    /// class around a picture, a "Related posts" list and the post's footer of tags.
    static let blog = """
        <html><head><title>Mending a sail in an afternoon - Notes from the Boatshed</title>
        <meta property="og:title" content="Mending a sail in an afternoon"></head>
        <body><div id="wrap">
        <div id="top"><a href="/">Notes from the Boatshed</a> <a href="/about">About</a> <a href="/archive">Archive</a></div>
        <div id="content">
          <h2 class="title">Mending a sail in an afternoon</h2>
          <div class="entry-text">
            <p>A torn sail looks like the end of the season, but a straight tear along the cloth, away from the
            leech and the corners, is an afternoon's work with a palm, a needle and waxed thread.</p>
            <p>First, lay the sail flat on a clean floor, tear uppermost, and tape the two edges together on the
            other side so they cannot move while you stitch; masking tape is enough.</p>
          </div>
          <p><img src="/pictures/sail.jpg" alt="The sail on the boatshed floor"></p>
          <div class="entry-text">
            <p>Then sew a herringbone stitch across the tear, six stitches to the inch, pulling each one just tight
            enough to close the gap without puckering the cloth around it.</p>
            <p>Finish with a patch of sticky-back sailcloth on both sides, rounded at the corners so it does not
            lift, and the sail will see out the season, and probably the next one too.</p>
          </div>
          <div class="related-posts"><h3>Related posts</h3><ul>
            <li><a href="/p/1">RELATED-LINK: Varnishing a tiller</a></li><li><a href="/p/2">RELATED-LINK: Splicing rope</a></li></ul></div>
          <footer class="post-footer">POST-FOOTER: Tagged sails, repairs, winter jobs.</footer>
        </div>
        </div></body></html>
        """

    /// An encyclopaedia-style article whose paragraphs are full of links, beside a long index of
    /// links and a block of linked headlines, neither with a hint in its name.
    static let manyLinks = """
        <html><head><title>Lighthouse lenses</title></head><body>
        <div id="index">
        \((1...60).map { "<a href=\"/wiki/Topic_\($0)\">INDEX-LINK topic number \($0)</a><br>" }.joined(separator: "\n"))
        </div>
        <div id="more">
        \((1...15).map { "<p><a href=\"/wiki/More_\($0)\">MORE-LINK: Lightships, buoys, beacons and fog signals of the northern coast, part \($0), with maps, tables and drawings</a></p>" }.joined(separator: "\n"))
        </div>
        <div id="body">
          <h1>Lighthouse lenses</h1>
          <p>A <a href="/wiki/Fresnel_lens">Fresnel lens</a> gathers the light of a single
          <a href="/wiki/Lamp">lamp</a> into a beam by means of concentric <a href="/wiki/Prism">prisms</a>,
          which refract, and, in the outer rings, reflect the light, so that far less glass is needed than in a
          solid lens of the same <a href="/wiki/Focal_length">focal length</a>.</p>
          <p>Lenses were classed by <a href="/wiki/Order_(lens)">order</a>, from the first, with a focal length
          of 920 millimetres, used in <a href="/wiki/Seacoast">seacoast</a> lights, to the sixth, small enough for
          a <a href="/wiki/Harbour">harbour</a> entrance, a <a href="/wiki/Pier">pier</a> or a river.</p>
          <p>The flash of a light was made by turning the lens: panels of the lens, as they passed the lamp, sent
          out beams that swept the horizon, and the number and rhythm of the flashes, its
          <a href="/wiki/Light_characteristic">characteristic</a>, told sailors which light they saw.</p>
          <p>Most lenses of the nineteenth century were made in <a href="/wiki/Paris">Paris</a> or
          <a href="/wiki/Birmingham">Birmingham</a>, and many still turn today, though the
          <a href="/wiki/Paraffin">paraffin</a> lamps have long given way to electric ones.</p>
        </div>
        </body></html>
        """

    /// A site's front page: headlines, a sign-in form, a menu; no article at all.
    static let frontPage = """
        <html><head><title>The Tideline Gazette</title></head><body>
        <div class="menu"><a href="/news">News</a> <a href="/sport">Sport</a> <a href="/weather">Weather</a></div>
        <form action="/signin"><input name="user"><input type="password" name="pass"><button>Sign in</button></form>
        <div class="headlines"><ul>
        \((1...30).map { "<li><a href=\"/story/\($0)\">Headline number \($0) from the harbour</a><span>2 h ago</span></li>" }.joined(separator: "\n"))
        </ul></div>
        <p>Updated every hour.</p>
        </body></html>
        """

    /// A page written in windows-1252, said so only by its `<meta http-equiv>`.
    static let windows1252Page: [UInt8] = {
        let head = Array("""
            <html><head><meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"><title>Quotes</title></head><body><div><p>
            """.utf8)
        let sentence = Array(" The keeper wrote in the log, in the small hours, that the lamp had burnt steadily all night, and that the glass was clean. ".utf8)
        // 0x93 and 0x94: windows-1252's curly quotes; 0xE9: é.
        let quoted: [UInt8] = [0x93] + Array("Caf".utf8) + [0xE9] + Array(" du Port".utf8) + [0x94]
        return head + quoted + sentence + sentence + Array("</p></div></body></html>".utf8)
    }()
}
