import Foundation

/// A gift being written on a design's page. Every field is what the person typed; `validate()`
/// says what is wrong in words for the form, field by field.
public struct GiftOrder: Sendable, Hashable {
    public enum Field: String, Sendable, Hashable, CaseIterable {
        case amount, recipientName, recipientEmail, message, senderName
    }

    public static let maximumNameLength = 60
    public static let maximumEmailLength = 254

    public var design: GiftDesign
    public var limits: GiftLimits
    /// A preset chosen with a button, or nil when `customAmount` is used.
    public var presetAmount: Money?
    public var customAmount = ""
    public var recipientName = ""
    public var recipientEmail = ""
    public var message = ""
    public var senderName = ""

    public init(design: GiftDesign, limits: GiftLimits) {
        self.design = design
        self.limits = limits
        presetAmount = limits.presets.first { $0 >= limits.minimum && $0 <= limits.maximum }
    }

    /// Characters left for the message (negative when over): "158 characters left".
    public var messageCharactersLeft: Int { limits.messageLimit - message.count }

    public var messageCounter: String {
        let left = messageCharactersLeft
        if left >= 0 { return left == 1 ? "1 character left" : "\(left) characters left" }
        return -left == 1 ? "1 character too many" : "\(-left) characters too many"
    }

    /// The amount that would be sent, if the amount field is acceptable.
    public var amount: Money? {
        if case let .success(money) = checkAmount() { return money }
        return nil
    }

    private func checkAmount() -> Result<Money, GiftProblem> {
        let money: Money
        if let presetAmount {
            money = presetAmount
        } else {
            let text = customAmount.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { return .failure(GiftProblem(.amount, "Choose an amount or enter one.")) }
            guard let parsed = Money.parse(text) else {
                return .failure(GiftProblem(.amount, "Enter an amount in dollars, like 25 or 25.50."))
            }
            money = parsed
        }
        if money < limits.minimum {
            return .failure(GiftProblem(.amount, "The smallest gift is \(limits.minimum.formatted(dropZeroCents: true))."))
        }
        if money > limits.maximum {
            return .failure(GiftProblem(.amount, "The largest gift is \(limits.maximum.formatted(dropZeroCents: true))."))
        }
        return .success(money)
    }

    /// Every problem, in the form's order; empty when the gift can be sent.
    public func validate() -> [GiftProblem] {
        var problems: [GiftProblem] = []
        if case let .failure(problem) = checkAmount() { problems.append(problem) }
        let name = recipientName.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty {
            problems.append(GiftProblem(.recipientName, "Enter who the gift is for."))
        } else if name.count > Self.maximumNameLength {
            problems.append(GiftProblem(.recipientName, "A name can be \(Self.maximumNameLength) characters at most."))
        }
        let email = recipientEmail.trimmingCharacters(in: .whitespacesAndNewlines)
        if email.isEmpty {
            problems.append(GiftProblem(.recipientEmail, "Enter the email address to send the gift to."))
        } else if !Self.looksLikeEmail(email) {
            problems.append(GiftProblem(.recipientEmail, "That doesn't look like an email address (name@example.com)."))
        }
        if messageCharactersLeft < 0 {
            problems.append(GiftProblem(.message, "The message can be \(limits.messageLimit) characters at most; remove \(-messageCharactersLeft)."))
        }
        if senderName.trimmingCharacters(in: .whitespacesAndNewlines).count > Self.maximumNameLength {
            problems.append(GiftProblem(.senderName, "A name can be \(Self.maximumNameLength) characters at most."))
        }
        return problems
    }

    /// The first problem for `field`, for the line under it.
    public func problem(for field: Field) -> String? {
        validate().first { $0.field == field }?.message
    }

    /// One '@' with something before it, a dot inside the domain, no spaces: enough to catch a
    /// typo without rejecting real addresses (the mail system is the real judge).
    static func looksLikeEmail(_ text: String) -> Bool {
        guard text.count <= maximumEmailLength, !text.contains(where: { $0.isWhitespace }) else { return false }
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let domain = parts[1]
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }

    /// The confirmation, if the gift is valid. `reference` is given by the caller (the view draws
    /// it from the system's random source; tests pass a fixed one).
    public func confirm(reference: String) -> GiftConfirmation? {
        guard validate().isEmpty, let amount else { return nil }
        let sender = senderName.trimmingCharacters(in: .whitespacesAndNewlines)
        return GiftConfirmation(design: design, amount: amount,
                                recipientName: recipientName.trimmingCharacters(in: .whitespacesAndNewlines),
                                recipientEmail: recipientEmail.trimmingCharacters(in: .whitespacesAndNewlines),
                                message: message.trimmingCharacters(in: .whitespacesAndNewlines),
                                senderName: sender.isEmpty ? nil : sender, reference: reference)
    }

    /// "GIFT-7KQ2-M9XD": unambiguous letters and digits (no 0/O, 1/I).
    public static func makeReference<G: RandomNumberGenerator>(using generator: inout G) -> String {
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        func group() -> String { String((0..<4).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }) }
        return "GIFT-\(group())-\(group())"
    }
}

public struct GiftProblem: Sendable, Hashable {
    public var field: GiftOrder.Field
    public var message: String
    public init(_ field: GiftOrder.Field, _ message: String) {
        self.field = field
        self.message = message
    }
}

extension GiftProblem: Error {}

/// What the confirmation page shows.
public struct GiftConfirmation: Sendable, Hashable {
    public var design: GiftDesign
    public var amount: Money
    public var recipientName: String
    public var recipientEmail: String
    public var message: String
    public var senderName: String?
    public var reference: String

    /// "A $25 Winter Lights gift for Sam (sam@example.com)".
    public var summary: String {
        "A \(amount.formatted(dropZeroCents: true)) \(design.name) gift for \(recipientName) (\(recipientEmail))"
    }
}
