import Foundation

/// Where Print to File puts a page's PDF: named after the page, in the folder the last PDF went to,
/// else the Downloads folder (docs/find-and-zoom.md, "Print"). GTK adds the ".pdf".
public enum PrintNaming {
    /// The name used when the page has neither a usable title nor a host.
    public static let fallbackName = "page"

    /// The page's title made a safe file name (the downloads' rules), else its host, else "page".
    public static func baseName(title: String?, uri: String?) -> String {
        if let title, let name = DownloadNaming.sanitise(title) { return name }
        if let host = uri.flatMap({ URLComponents(string: $0)?.host }), let name = DownloadNaming.sanitise(host) { return name }
        return fallbackName
    }

    /// `name`, or "name (1)", "name (2)"…: the first whose file (`name.extension`) `isTaken` says
    /// is free, so a print never replaces an earlier one (the downloads' rule).
    public static func unique(_ name: String, fileExtension: String, isTaken: (String) -> Bool) -> String {
        let file = DownloadNaming.unique(name + "." + fileExtension, isTaken: isTaken)
        return String(file.dropLast(fileExtension.count + 1))
    }

    /// The folder for the next PDF: the one saved as such, else the last printed file's folder,
    /// else `downloads`. Only absolute local folders count.
    public static func folder(savedFolder: String?, lastFileURI: String?, downloads: String) -> String {
        if let savedFolder, savedFolder.hasPrefix("/") { return savedFolder }
        if let lastFileURI, let url = URL(string: lastFileURI), url.isFileURL {
            let folder = url.deletingLastPathComponent().path
            if folder.hasPrefix("/") { return folder }
        }
        return downloads
    }
}
