import Foundation

/// Whether WebKit's web-process sandbox (bubblewrap) can start on this machine.
///
/// Where user namespaces are refused, the web process dies at launch and takes the app down
/// with a GLib trap. We probe first, in a child process, and explain instead of crashing.
public enum WebSandbox {
    public static let disableVariable = "WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS"

    public enum Status: Equatable, Sendable {
        case available
        case disabledByUser
        case flatpak
        case unavailable(reason: String)

        public var canShowWebPages: Bool {
            if case .unavailable = self { return false }
            return true
        }
    }

    public static func probe(environment: [String: String] = ProcessInfo.processInfo.environment,
                             bwrapPath: String = "/usr/bin/bwrap",
                             flatpakInfoPath: String = "/.flatpak-info") -> Status {
        if let v = environment[disableVariable], !v.isEmpty, v != "0" { return .disabledByUser }
        if FileManager.default.fileExists(atPath: flatpakInfoPath) { return .flatpak }
        guard FileManager.default.isExecutableFile(atPath: bwrapPath) else {
            return .unavailable(reason: "bubblewrap (\(bwrapPath)) is not installed")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bwrapPath)
        // The namespaces WebKit's web process asks for.
        process.arguments = ["--unshare-all", "--die-with-parent", "--ro-bind", "/", "/", "true"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .unavailable(reason: "bubblewrap could not be started: \(error.localizedDescription)")
        }
        process.waitUntilExit()
        if process.terminationStatus == 0 { return .available }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return .unavailable(reason: text.isEmpty ? "bubblewrap exited with status \(process.terminationStatus)" : text)
    }

    /// What the user reads when web pages cannot be shown.
    public static func explanation(for reason: String) -> String {
        """
        Web pages can’t be shown: WebKit’s sandbox could not start on this system (\(reason)).
        This happens in containers that refuse user namespaces.
        To browse without the sandbox (less safe), start Skiff with --no-web-sandbox, \
        or allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1).
        """
    }
}
