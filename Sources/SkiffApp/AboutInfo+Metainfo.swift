import Foundation
import Gtk

extension AboutInfo {
    /// Skiff as its AppStream metainfo describes it (the file software centres read), so the About
    /// window and the software centre never disagree.
    @MainActor static var skiff: AboutInfo {
        let text = Resources.metainfo
            .flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
        func first(_ open: String, _ close: String) -> String? {
            guard let start = text.range(of: open), let end = text.range(of: close, range: start.upperBound..<text.endIndex) else { return nil }
            return String(text[start.upperBound..<end.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return AboutInfo(
            name: first("<name>", "</name>") ?? "Skiff",
            version: Options.version,
            summary: first("<summary>", "</summary>") ?? "Fluid, gesture-driven apps on the desktop",
            developer: first("<developer_name>", "</developer_name>") ?? "The Skiff developers",
            website: first("<url type=\"homepage\">", "</url>") ?? "",
            iconName: SkiffApplication.id,
            license: first("<project_license>", "</project_license>") ?? "MIT")
    }
}
