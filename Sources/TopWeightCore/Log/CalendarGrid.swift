import Foundation

/// A month laid out as a wall calendar: weeks of seven cells starting on the
/// week's first day, with empty cells before the 1st and after the last day.
///
/// The grid depends on days only, never on instants, so it is the same in
/// every time zone and across DST changes; turning an instant into its
/// `LocalDay` is the caller's business (with the member's calendar).
public enum CalendarGrid {
    /// Rows of exactly seven cells; `nil` for a cell outside the month.
    /// `firstWeekday` is Foundation's numbering: 1 = Sunday … 7 = Saturday
    /// (other numbers wrap around, so 8 is Sunday again).
    public static func weeks(of month: LocalMonth, firstWeekday: Int) -> [[LocalDay?]] {
        let first = ((firstWeekday - 1) % 7 + 7) % 7 + 1
        let leading = (month.first.weekday - first + 7) % 7
        var cells: [LocalDay?] = Array(repeating: nil, count: leading)
        for day in 1...month.dayCount {
            cells.append(LocalDay(year: month.year, month: month.month, day: day))
        }
        let trailing = (7 - cells.count % 7) % 7
        cells += Array(repeating: nil, count: trailing)
        return stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<$0 + 7]) }
    }

    /// The locale the POSIX environment names for dates: `LC_ALL`, else
    /// `LC_TIME`, else `LANG` (`de_DE.UTF-8@euro` is `de_DE`); `nil` when
    /// none is set or it is `C`/`POSIX`. Foundation's `Locale.current` does
    /// not read these on Linux.
    public static func locale(environment: [String: String]) -> Locale? {
        guard let value = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else {
            return nil
        }
        let name = String(value.prefix(while: { $0 != "." && $0 != "@" }))
        guard !name.isEmpty, name != "C", name != "POSIX" else { return nil }
        return Locale(identifier: name)
    }

    /// The day weeks start on where `locale` is used (Sunday in the US,
    /// Monday in most of Europe), in the Gregorian calendar.
    public static func firstWeekday(for locale: Locale) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        return calendar.firstWeekday
    }
}
