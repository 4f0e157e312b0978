import Foundation
import TopWeightCore

extension DemoData {
    /// Sessions spread over the gym's opening hours (06:00 to 22:00 local
    /// time) of the past years, a member three-ish times a week, three to six
    /// exercises a session a few minutes apart; records come out oldest first.
    struct Timeline {
        let records: Int
        let users: [User]
        var profiles: [DemoData.Profile]
        var random: SplitMix64
        let cumulative: [Double]
        let firstDay: Date
        let openSeconds: Double
        var scheduled = 0
        var nextStart: Double = 0
        var pending: [BulkRecord] = []
        var ready: [BulkRecord] = []
        var readyIndex = 0
        /// The sessions that get a note or a routine (`DemoData+Days`), drawn
        /// from a stream of their own so the sets are the same with or without them.
        var days: [DemoDay] = []
        var dayRandom: SplitMix64

        static let opening: Double = 6 * 3600
        static let openPerDay: Double = 16 * 3600

        init(records: Int, users: [User], profiles: [DemoData.Profile], now: Date, random: SplitMix64) {
            self.records = records
            self.users = users
            self.profiles = profiles
            self.random = random
            var copy = random
            dayRandom = SplitMix64(seed: copy.next() ^ 0x5EA2_C4ED_A7E5)
            var total = 0.0
            cumulative = profiles.map { total += $0.frequency; return total }
            // About 4.5 records a session and 3 sessions a week per member, so the
            // past spans what those records take: at least 90 days, at most 10 years.
            let perMember = Double(records) / Double(max(users.count, 1))
            let days = Int((perMember / 4.5 / 3 * 7).rounded(.up)).clamped(to: 90...3650)
            let today = Calendar.current.startOfDay(for: now)
            firstDay = today.addingTimeInterval(-Double(days) * 86_400)
            openSeconds = Double(days) * Self.openPerDay
        }

        /// Seconds of opening hours since the first day, for a count of records scheduled.
        func offset(after scheduled: Int) -> Double {
            min(Double(scheduled) / Double(records) * openSeconds, openSeconds - 1)
        }

        func date(at offset: Double) -> Date {
            let day = (offset / Self.openPerDay).rounded(.down)
            return firstDay.addingTimeInterval(day * 86_400 + Self.opening + (offset - day * Self.openPerDay))
        }

        mutating func next() -> BulkRecord? {
            while readyIndex == ready.count {
                ready.removeAll(keepingCapacity: true)
                readyIndex = 0
                if scheduled == records {
                    if pending.isEmpty { return nil }
                    ready = pending.sorted { $0.performedAt < $1.performedAt }
                    pending.removeAll()
                    break
                }
                scheduleSession()
                // Whatever starts before the next session can go: nothing later comes before it.
                let boundary = date(at: nextStart)
                pending.sort { $0.performedAt < $1.performedAt }
                let cut = pending.firstIndex { $0.performedAt >= boundary } ?? pending.count
                ready.append(contentsOf: pending[..<cut])
                pending.removeFirst(cut)
            }
            defer { readyIndex += 1 }
            return ready[readyIndex]
        }

        private mutating func pickMember() -> Int {
            let target = Double.random(in: 0..<(cumulative.last ?? 1), using: &random)
            var low = 0
            var high = cumulative.count - 1
            while low < high {
                let middle = (low + high) / 2
                if cumulative[middle] <= target { low = middle + 1 } else { high = middle }
            }
            return low
        }

        private mutating func scheduleSession() {
            let start = date(at: nextStart)
            let member = pickMember()
            let count = min(records - scheduled, Int.random(in: 3...6, using: &random), profiles[member].favourites.count)
            var chosen = Array(profiles[member].favourites.indices)
            chosen.shuffle(using: &random)
            var at = start.addingTimeInterval(Double.random(in: 0...300, using: &random))
            for favourite in chosen.prefix(count) {
                let values = nextValues(member: member, favourite: favourite)
                let created = at.addingTimeInterval(Double.random(in: 2...40, using: &random))
                pending.append(BulkRecord(
                    userID: users[member].id, exerciseID: profiles[member].favourites[favourite].exerciseID,
                    values: values, performedAt: at, createdAt: created
                ))
                at = at.addingTimeInterval(Double.random(in: 150...420, using: &random))
            }
            scheduled += count
            if let day = DemoDay.draw(userID: users[member].id, at: start, random: &dayRandom) { days.append(day) }
            let spacing = openSeconds / (Double(records) / 4.5)
            nextStart = max(offset(after: scheduled) + Double.random(in: 0..<(spacing / 4), using: &random), nextStart + 1)
            nextStart = min(nextStart, openSeconds - 1)
        }

        /// Mostly last time's numbers; now and then a step up, a step down, or a deload.
        private mutating func nextValues(member: Int, favourite index: Int) -> SetValues {
            var favourite = profiles[member].favourites[index]
            let roll = Double.random(in: 0..<1, using: &random)
            if roll < 0.04 {
                favourite.kilograms *= 0.9
            } else if roll < 0.35 {
                favourite.kilograms = min(favourite.kilograms * 1.012, favourite.ceiling)
            }
            profiles[member].favourites[index] = favourite
            // Reps and series wander around the member's habit for the exercise, never far.
            var reps = favourite.reps
            if Double.random(in: 0..<1, using: &random) < 0.3 {
                reps = (reps + ([-2, -1, -1, 1, 1, 2].randomElement(using: &random) ?? 1)).clamped(to: 1...30)
            }
            var series = favourite.series
            if Double.random(in: 0..<1, using: &random) < 0.15 {
                series = (series + (Bool.random(using: &random) ? 1 : -1)).clamped(to: 1...6)
            }

            let unit = profiles[member].unit
            let step = unit == .kg ? 2.5 : 5.0
            let amount = unit == .kg ? favourite.kilograms : favourite.kilograms * 2.204_62
            var steps = (amount / step).rounded()
            if steps > 0, Double.random(in: 0..<1, using: &random) < 0.25 {
                steps += Double.random(in: 0..<1, using: &random) < 0.5 ? -1 : 1
            }
            let hundredths = Int(max(steps, 0) * step * 100).clamped(to: 0...unit.maximumHundredths)
            return SetValues(weight: Weight(hundredths: hundredths, unit: unit), reps: reps, series: series)
        }
    }
}
