import Foundation

/// How private the connection to the page is, as the address bar shows it (docs/where-am-i.md).
public enum ConnectionSecurity: Equatable, Sendable {
    /// Nothing to say: no page, or the browser's own (`about:`).
    case none
    /// A page that did not come over the network (`file:`, `data:`, `blob:`).
    case local
    /// HTTPS with a certificate that was verified.
    case secure
    /// Plain HTTP, on any host, loopback included: anyone on the path can read and change it.
    case notSecure
    /// HTTPS whose certificate could not be verified. Skiff refuses such pages (an error page in
    /// their place), so this is seen only if WebKit reports problems for a page it showed.
    case certificateProblems([CertificateProblem])

    /// The state of the page at `uri`, given what WebKit reports of its certificate (nil when it
    /// came without TLS).
    public static func of(uri: String?, certificate: CertificateProblem.Flags?) -> ConnectionSecurity {
        guard let uri, let colon = uri.firstIndex(of: ":") else { return .none }
        switch uri[..<colon].lowercased() {
        case "https":
            guard let certificate else { return .notSecure }
            let problems = CertificateProblem.all(in: certificate)
            return problems.isEmpty ? .secure : .certificateProblems(problems)
        case "http", "ws": return .notSecure
        case "file", "data", "blob": return .local
        default: return .none
        }
    }

    /// The words next to the icon in the bar; nil when the icon says enough.
    public var label: String? {
        switch self {
        case .notSecure, .certificateProblems: "Not Secure"
        default: nil
        }
    }

    /// The indicator's accessible name and tooltip.
    public var summary: String {
        switch self {
        case .none: ""
        case .local: "This page is on this computer"
        case .secure: "Secure connection"
        case .notSecure: "Not Secure"
        case .certificateProblems: "Not Secure: the certificate is not trusted"
        }
    }

    public var iconName: String? {
        switch self {
        case .none: nil
        case .local: "folder-symbolic"
        case .secure: "channel-secure-symbolic"
        case .notSecure, .certificateProblems: "channel-insecure-symbolic"
        }
    }

    /// The popover's explanation, under its heading.
    public var explanation: String {
        switch self {
        case .none: ""
        case .local: "This page was read from this computer, not from the network."
        case .secure: "The connection is encrypted and the site’s certificate was verified: what you send and see cannot be read or changed on the way."
        case .notSecure: "The connection is not encrypted: anyone on the network can read what you send and see, and change the page. Do not enter passwords or card numbers."
        case .certificateProblems(let problems):
            "The site’s certificate cannot be trusted: " + problems.map(\.words).joined(separator: "; ") + "."
        }
    }
}

/// What can be wrong with a certificate: GTlsCertificateFlags, in words.
public enum CertificateProblem: UInt32, CaseIterable, Sendable {
    case unknownAuthority = 1, badIdentity = 2, notActivated = 4, expired = 8, revoked = 16, insecure = 32, otherError = 64

    public typealias Flags = UInt32

    public var words: String {
        switch self {
        case .unknownAuthority: "it is not signed by an authority this computer trusts"
        case .badIdentity: "it was issued for a different site"
        case .notActivated: "it is not valid yet"
        case .expired: "it has expired"
        case .revoked: "it has been revoked"
        case .insecure: "its algorithm is insecure"
        case .otherError: "it could not be verified"
        }
    }

    public static func all(in flags: Flags) -> [CertificateProblem] {
        var found = allCases.filter { flags & $0.rawValue != 0 }
        if flags & ~0x7F != 0 && !found.contains(.otherError) { found.append(.otherError) }
        return found
    }
}

/// The certificate as the security popover lists it.
public struct CertificateSummary: Equatable, Sendable {
    public var subject: String?
    public var issuer: String?
    public var validFrom: Date?
    public var validUntil: Date?
    public var problems: [CertificateProblem]

    public init(subject: String?, issuer: String?, validFrom: Date?, validUntil: Date?, flags: CertificateProblem.Flags) {
        self.subject = subject
        self.issuer = issuer
        self.validFrom = validFrom
        self.validUntil = validUntil
        problems = CertificateProblem.all(in: flags)
    }

    /// (heading, value) lines, in reading order. Names are shown through the same escaping as
    /// addresses: a certificate's subject is the site's to choose.
    public func lines(now: Date = Date()) -> [(String, String)] {
        let format = DateFormatter()
        format.dateStyle = .medium
        format.timeStyle = .none
        func safe(_ text: String?) -> String {
            guard let text, !text.isEmpty else { return "—" }
            return SafeAddress.text(text)
        }
        var lines = [("Issued to", safe(subject)), ("Issued by", safe(issuer))]
        lines.append(("Valid from", validFrom.map { format.string(from: $0) } ?? "—"))
        lines.append(("Valid until", validUntil.map { format.string(from: $0) } ?? "—"))
        lines.append(("Problems", problems.isEmpty ? "None: the certificate was verified" : problems.map { $0.words.prefix(1).uppercased() + $0.words.dropFirst() }.joined(separator: "\n")))
        return lines
    }
}
