import Foundation
import TopWeightCore
import TopWeightText

extension Session {
    /// How the session behaves; the clock and zone are injectable for tests.
    public struct Settings: Sendable {
        public var unit: WeightUnit = .kg
        /// Shared-terminal mode: no default member, no leaving without the admin.
        public var kiosk = false
        /// Seconds without a key before the session returns to an empty user prompt.
        public var idleTimeout: Double?
        /// The days' zone: the system's unless one is set, looked up only
        /// when a day is first asked for (the first prompt needs none).
        public var timeZone: TimeZone {
            get { chosenZone ?? .current }
            set { chosenZone = newValue }
        }
        private var chosenZone: TimeZone?
        /// `timeZone`, read when called.
        var zone: @Sendable () -> TimeZone {
            let chosen = chosenZone
            return { chosen ?? .current }
        }
        public var historyPageSize = 20
        /// Colour for the calendar and notes, or plain (NO_COLOR, a dumb terminal, a pipe).
        public var textStyle: TextStyle = .plain
        /// The calendar's first column: 1 Sunday … 7 Saturday (the locale's,
        /// from the CLI), asked for when a calendar is first drawn: finding
        /// the locale's loads ICU's data.
        public var firstWeekday: @Sendable () -> Int = { 2 }
        /// Braille and box drawing for `:chart`, or ASCII (a locale that is not UTF-8).
        public var chartGlyphs: ChartGlyphs = .ascii
        /// `$COLUMNS` when set: charts fit it rather than the screen's width.
        public var columns: Int?
        public var now: @Sendable () -> Date = { Date() }
        /// How members prove who they are at a kiosk: read from the
        /// database at each user prompt (`admin identity`); the last one read.
        public var identity: IdentityPolicy = .name
        /// Whether coaches see private members at a kiosk (`admin
        /// coaches-see-private`), read with the policy; off when it can't be read.
        public var coachesSeePrivate = false
        /// What the gym asks of a card (`admin cards`), read with the policy; the last one read.
        public var cards = CardRules()

        public init() {}
    }

    /// Why the session ended.
    public enum Ending: Sendable, Equatable {
        case quit
        case endOfInput
        case terminated
    }
}
