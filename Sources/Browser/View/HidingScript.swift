import ContentFilters

/// The script Skiff puts in every frame once its document is parsed, in its isolated world (WebViewScripts.swift),
/// for element hiding (docs/content-blocking.md, "Element hiding"). It tells Skiff the classes and
/// ids the document's elements have, then those the page's scripts add: Skiff answers
/// with a style sheet for the generic rules that need them. It changes nothing in the page, and the
/// page cannot reach it or post to its channel.
public enum HidingScript {
    public static let channel = "skiffHiding"
    /// Distinct classes and ids a document sends, at most; a page that makes up more gets no more looked up.
    public static let tokensPerDocument = 20_000
    /// Tokens a message holds, at most (PageHiding drops a longer message).
    public static let tokensPerMessage = 1_000

    public static let source = """
        (() => {
            const channel = window.webkit.messageHandlers.\(channel);
            const seen = new Set();
            let queue = [];
            let timer = 0;
            // Sent once the parser or the page's script yields: one message for many elements.
            const flush = () => {
                timer = 0;
                while (queue.length) channel.postMessage(JSON.stringify(queue.splice(0, \(tokensPerMessage))));
            };
            const note = (token) => {
                if (token.length > \(HidingRules.maximumTokenLength) || seen.size >= \(tokensPerDocument)) return;
                token = token.toLowerCase();
                if (seen.has(token)) return;
                seen.add(token);
                queue.push(token);
                if (!timer) timer = setTimeout(flush, 0);
            };
            const look = (element) => {
                if (element.id) note('#' + element.id);
                for (const name of element.classList) note('.' + name);
            };
            const lookUnder = (node) => {
                if (node.nodeType !== 1) return;
                look(node);
                if (node.firstElementChild) for (const element of node.querySelectorAll('[id],[class]')) look(element);
            };
            new MutationObserver((records) => {
                for (const record of records) {
                    if (record.type === 'attributes') {
                        if (record.target.nodeType === 1) look(record.target);
                    } else {
                        for (const node of record.addedNodes) lookUnder(node);
                    }
                }
            }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['id', 'class'] });
            if (document.documentElement) lookUnder(document.documentElement);
            // Shown again from the back-forward cache: Skiff dropped this page's sheets when the next
            // one was committed, so it is told everything again.
            window.addEventListener('pageshow', (event) => {
                if (!event.persisted) return;
                queue = Array.from(seen);
                flush();
            });
        })();
        """
}
