import Foundation

/// The page shown in place of one that could not load. Plain HTML, no scripts: it must work
/// even when JavaScript is off, and "Try Again" is a link to the failed address.
public enum ErrorPage {
    public static func html(for failure: LoadFailure) -> String {
        let uri = escape(failure.uri)
        let host = escape(URL(string: failure.uri)?.host ?? failure.uri)
        return """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>Can’t Open Page</title>
        <meta name="color-scheme" content="light dark">
        <style>
        body { font: 15px system-ui, sans-serif; display: flex; min-height: 90vh; align-items: center;
               justify-content: center; margin: 0; color: #3d3846; background: #fafafa; }
        @media (prefers-color-scheme: dark) { body { color: #deddda; background: #242424; } }
        main { max-width: 34em; padding: 2em; text-align: center; }
        h1 { font-size: 1.6em; margin-bottom: .4em; }
        p.detail { opacity: .75; word-break: break-all; }
        a.retry { display: inline-block; margin-top: 1.2em; padding: .55em 1.4em; border-radius: 9px;
                  background: #3584e4; color: white; text-decoration: none; font-weight: 600; }
        </style></head>
        <body><main id="skiff-error">
        <h1>Can’t open this page</h1>
        <p>Skiff couldn’t reach <strong>\(host)</strong>.</p>
        <p class="detail" id="skiff-error-message">\(escape(failure.message))</p>
        <p class="detail"><code>\(uri)</code></p>
        <a class="retry" href="\(uri)">Try Again</a>
        </main></body></html>
        """
    }

    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(ch)
            }
        }
        return out
    }
}
