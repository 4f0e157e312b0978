import Foundation

/// Parses the times `--at` accepts.
enum Timestamp {
    /// `2026-11-20T18:30:00+01:00`, `…Z`, with or without fractions; `2026-11-20T18:30`
    /// and `2026-11-20` in local time (a bare date means noon).
    static func parse(_ text: String, timeZone: TimeZone) -> Date? {
        let full = ISO8601DateFormatter()
        full.formatOptions = [.withInternetDateTime]
        if let date = full.date(from: text) { return date }
        full.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = full.date(from: text) { return date }
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.timeZone = timeZone
        for (format, suffix) in [("yyyy-MM-dd'T'HH:mm:ss", ""), ("yyyy-MM-dd'T'HH:mm", ""), ("yyyy-MM-dd HH:mm", ""), ("yyyy-MM-dd'T'HH:mm", "T12:00")] {
            local.dateFormat = format
            if let date = local.date(from: text + suffix) { return date }
        }
        return nil
    }
}
