import CGtk
// Whole-module builds find the GTlsCertificateFlags constants through CSoup (which includes GIO's TLS
// headers itself), not through CGtk alone.
import CSoup

/// What GIO found wrong with a server's certificate (GTlsCertificateFlags), for the browser's
/// certificate question and for feeds' errors, each worded by its caller.
public enum TLSCertificateProblem: Sendable, CaseIterable {
    case unknownAuthority, otherSite, notYetValid, expired, revoked, insecureAlgorithm

    /// The problems the flags name, in this order; empty when none is known.
    public static func from(flags: UInt32) -> [TLSCertificateProblem] {
        let bits: [(GTlsCertificateFlags, TLSCertificateProblem)] = [
            (G_TLS_CERTIFICATE_UNKNOWN_CA, .unknownAuthority), (G_TLS_CERTIFICATE_BAD_IDENTITY, .otherSite),
            (G_TLS_CERTIFICATE_NOT_ACTIVATED, .notYetValid), (G_TLS_CERTIFICATE_EXPIRED, .expired),
            (G_TLS_CERTIFICATE_REVOKED, .revoked), (G_TLS_CERTIFICATE_INSECURE, .insecureAlgorithm),
        ]
        return bits.filter { flags & $0.0.rawValue != 0 }.map(\.1)
    }
}
