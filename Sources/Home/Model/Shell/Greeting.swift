import Foundation

/// "Good morning / afternoon / evening, NAME" by the local time (docs/home.md, "Greeting").
public enum Greeting {
    public enum Part: String, Sendable { case morning, afternoon, evening }

    /// Morning from 05:00 to 11:59, afternoon from 12:00 to 16:59, evening otherwise (night
    /// included: "good night" is a farewell, not a greeting).
    public static func part(ofHour hour: Int) -> Part {
        switch hour {
        case 5..<12: .morning
        case 12..<17: .afternoon
        default: .evening
        }
    }

    public static func text(name: String, at date: Date, in timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let hour = calendar.component(.hour, from: date)
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let salutation = "Good \(part(ofHour: hour).rawValue)"
        return trimmed.isEmpty ? salutation : "\(salutation), \(trimmed)"
    }
}
