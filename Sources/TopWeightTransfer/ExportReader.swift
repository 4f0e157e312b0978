import Foundation
import TopWeightCore

/// Reads another app's export into a `SourceHistory`: tells the app from the
/// header (or checks the one named), then hands the rows to its reader.
enum ExportReader {
    /// What a header says the file is.
    enum Layout: Equatable {
        case strong
        case strongBodyWeight
        case hevy
        case fitNotes
        case fitNotesBodyTracker
        case strongLifts

        var format: ImportFormat {
            switch self {
            case .strong, .strongBodyWeight: .strong
            case .hevy: .hevy
            case .fitNotes, .fitNotesBodyTracker: .fitnotes
            case .strongLifts: .stronglifts
            }
        }
    }

    /// Reads `text` as `format` (`.auto`: whatever the header says); a row
    /// dated after `latest` is named and skipped (`nil`: none is).
    static func read(text: String, format: ImportFormat, unit: WeightUnit?, latest: WallTime? = nil) throws(ImportError) -> SourceHistory {
        guard var table = CSVTable(text: text) else { throw ImportError("the file is empty: there is no header line to read") }
        guard let layout = layout(of: table.keys) else {
            throw ImportError("the header (\(shown(table.header))) is none of Strong's, Hevy's, FitNotes' or StrongLifts' exports")
        }
        if format != .auto, format != layout.format {
            throw ImportError("this is not a \(format.title) export: its header (\(shown(table.header))) is \(layout.format.title)'s")
        }
        switch layout {
        case .strong: return try StrongReader.workouts(&table, unit: unit, latest: latest)
        case .strongBodyWeight: return try StrongReader.bodyWeights(&table, unit: unit, latest: latest)
        case .hevy: return try HevyReader.workouts(&table, unit: unit, latest: latest)
        case .fitNotes: return try FitNotesReader.workouts(&table, unit: unit, latest: latest)
        case .fitNotesBodyTracker: return try FitNotesReader.bodyTracker(&table, unit: unit, latest: latest)
        case .strongLifts: return try StrongLiftsReader.workouts(&table, unit: unit, latest: latest)
        }
    }

    /// The layout whose columns `keys` (lower-cased header names) hold.
    static func layout(of keys: [String]) -> Layout? {
        let names = Set(keys)
        if names.isSuperset(of: ["exercise_title", "set_index", "start_time"]) { return .hevy }
        if names.isSuperset(of: ["exercise name", "set order", "date"]) { return .strong }
        if keys.count == 2, keys[0] == "date", keys[1].hasPrefix("weight") { return .strongBodyWeight }
        if names.isSuperset(of: ["date", "time", "measurement", "value", "unit"]) { return .fitNotesBodyTracker }
        if names.contains("exercise"), keys.contains(where: { $0.hasPrefix("date") }),
           keys.contains(where: { $0.hasPrefix("set 1 (reps") }) { return .strongLifts }
        if names.isSuperset(of: ["date", "exercise", "reps"]), keys.contains(where: { $0.hasPrefix("weight") }) { return .fitNotes }
        return nil
    }

    /// The first header names, for a message.
    static func shown(_ header: [String]) -> String {
        let names = header.prefix(6).map { $0.count > 24 ? String($0.prefix(23)) + "…" : $0 }
        return names.joined(separator: ", ") + (header.count > 6 ? ", …" : "")
    }

    /// `--unit` against a file that says its unit (in a column's name, or row
    /// by row in a unit column), for every reader: the same is fine, another
    /// is refused; `--unit` only gives a unit where the file says none.
    static func check(_ asked: WeightUnit?, against fileUnit: WeightUnit, where place: String) throws(ImportError) {
        if let asked, asked != fileUnit {
            throw ImportError("the file gives its weights in \(fileUnit.rawValue) (\(place)); --unit \(asked.rawValue) would misread them")
        }
    }

    /// The unit a weight column's name gives: `Weight (kg)`, `kg`, `weight_lbs`, `Set 1 (LB)`.
    static func unit(inColumnName key: String) -> WeightUnit? {
        let words = key.split(whereSeparator: { !$0.isLetter }).map(String.init)
        for word in words.reversed() {
            if let unit = WeightUnit(parsing: Substring(word)) { return unit }
        }
        return nil
    }

    /// A distance column: `Distance`, `Distance (meters)`, `distance_km`, `km` (not `Distance Unit`).
    static func distanceColumn(_ table: CSVTable) -> Int? {
        table.column(where: { $0.hasPrefix("distance") && $0 != "distance unit" }) ?? table.column("km", "miles", "mi")
    }

    /// The unit a distance column's name gives: `Distance (meters)` m, `distance_km` km, `distance_miles` mi; `nil` for `Distance`.
    static func distanceUnit(inColumnName key: String) -> String? {
        let words = key.split(whereSeparator: { !$0.isLetter }).map(String.init)
        return words.reversed().first { DistanceUnit(parsing: $0) != nil }
    }
}

/// Where a row's weight unit comes from.
enum UnitSource {
    /// The header says it (`Weight (kg)`, `weight_lbs`), or `--unit` did.
    case fixed(WeightUnit)
    /// A column per row (`Weight Unit`: `kg`, `lbs`), with `--unit` for rows that leave it empty
    /// (and refused when it contradicts a row).
    case perRow(column: Int, fallback: WeightUnit?)
}

/// The numbers of one set row, read the same way for every app.
enum SetFields {
    /// How a set was read, besides its numbers.
    struct Reading {
        /// False when the weight was finer than a hundredth and rounded.
        var exact = true
        /// False for a zero weight with no unit anywhere (the file's usual unit is given it afterwards).
        var unitKnown = true
        /// True when the row's RPE is outside 6–10 by halves: the set is kept, the RPE left off.
        var rpeLeftOff = false
        /// A weight × reps row: one the importer took before it read times and distances.
        var legacy = true
    }

    enum Outcome {
        case set(SetValues, Reading)
        case skip(SkipReason)
    }

    /// A row's time, distance and RPE, as far as the format has them.
    struct Measures {
        /// Seconds (`1200.0`) or a clock (`0:05:00`).
        var time: String?
        var distance: String?
        /// The distance's unit: from the column's name or the row's unit column; `nil` or empty is km.
        var distanceUnit: String?
        var rpe: String?

        init(time: String? = nil, distance: String? = nil, distanceUnit: String? = nil, rpe: String? = nil) {
            self.time = time
            self.distance = distance
            self.distanceUnit = distanceUnit
            self.rpe = rpe
        }
    }

    /// Where a format keeps a row's time, distance and RPE: the columns its
    /// header has, found once for the file.
    struct MeasureColumns {
        var time: Int?
        var distance: Int?
        /// The unit the distance column's name gives (`Distance (meters)`), when the format reads it there.
        var distanceUnitInName: String?
        /// A column naming each row's distance unit, which wins over the name's.
        var distanceUnit: Int?
        var rpe: Int?

        /// The columns of `table` under these names (`nil`: the format has none).
        init(_ table: CSVTable, time: String, distanceUnit: String?, rpe: String?, unitInDistanceName: Bool = true) {
            self.time = table.column(time)
            distance = ExportReader.distanceColumn(table)
            distanceUnitInName = unitInDistanceName ? distance.flatMap { ExportReader.distanceUnit(inColumnName: table.keys[$0]) } : nil
            self.distanceUnit = distanceUnit.flatMap { table.column($0) }
            self.rpe = rpe.flatMap { table.column($0) }
        }

        /// What a row holds in them.
        func measures(_ fields: [String]) -> Measures {
            Measures(time: time.map { fields[$0] }, distance: distance.map { fields[$0] },
                     distanceUnit: distanceUnit.map { fields[$0] } ?? distanceUnitInName, rpe: rpe.map { fields[$0] })
        }
    }

    /// A row with a time or a distance that is not zero is a timed set or a
    /// distance set (its reps aside, its weight kept: a weighted plank, a
    /// carry), a distance with or without its time; any other row is weight
    /// × reps. Throws a malformed row, or refuses the file when `--unit`
    /// contradicts the unit a row names, as for a unit a column's name gives.
    static func read(reps repsText: String, weight weightText: String, unit: UnitSource, fields: [String],
                     measures: Measures = Measures()) throws(RowProblem) -> Outcome {
        let duration = try self.duration(measures.time)
        let distance = try self.distance(measures.distance, unit: measures.distanceUnit)
        var values: SetValues
        var reading = Reading()
        if duration != nil || distance != nil {
            let load = try weight(weightText, unit: unit, fields: fields)
            (reading.exact, reading.unitKnown, reading.legacy) = (load.exact, load.unitKnown, false)
            values = SetValues(weight: load.weight, reps: 1, series: 1, measure: distance == nil ? .time : .distance,
                               duration: duration, distance: distance)
        } else {
            let repsTrimmed = repsText.trimmingCharacters(in: .whitespaces)
            if repsTrimmed.isEmpty { return .skip(.noReps) }
            guard let reps = SourceValues.whole(repsTrimmed) else { throw .malformed("reps '\(SourceValues.shown(repsTrimmed))' is not a whole number") }
            if reps == 0 { return .skip(.noReps) }
            guard Limits.reps.contains(reps) else { throw .malformed("\(reps) reps is more than \(Limits.reps.upperBound)") }
            let load = try weight(weightText, unit: unit, fields: fields)
            (reading.exact, reading.unitKnown) = (load.exact, load.unitKnown)
            values = SetValues(weight: load.weight, reps: reps, series: 1)
        }
        let rpe = (measures.rpe ?? "").trimmingCharacters(in: .whitespaces)
        if !rpe.isEmpty {
            if let number = SourceValues.decimal(rpe), let effort = Effort(rpe: number) {
                values.effort = effort
            } else {
                reading.rpeLeftOff = true
            }
        }
        return .set(values, reading)
    }

    /// A weight as written (empty is 0), with its unit.
    static func weight(_ text: String, unit: UnitSource, fields: [String]) throws(RowProblem) -> (weight: Weight, exact: Bool, unitKnown: Bool) {
        let weightTrimmed = text.trimmingCharacters(in: .whitespaces)
        var value = 0.0
        if !weightTrimmed.isEmpty {
            guard let number = SourceValues.decimal(weightTrimmed) else { throw .malformed("weight '\(SourceValues.shown(weightTrimmed))' is not a number") }
            guard number >= 0 else { throw .malformed("weight \(SourceValues.shown(weightTrimmed)) is negative") }
            value = number
        }
        let resolved: WeightUnit?
        switch unit {
        case .fixed(let fixed):
            resolved = fixed
        case .perRow(let column, let fallback):
            let text = fields[column].trimmingCharacters(in: .whitespaces)
            if text.isEmpty {
                resolved = fallback
            } else {
                guard let parsed = WeightUnit(parsing: Substring(text)) else { throw .malformed("weight unit '\(SourceValues.shown(text))' is neither kg nor lb") }
                do throws(ImportError) {
                    try ExportReader.check(fallback, against: parsed, where: "its Weight Unit column")
                } catch {
                    throw .file(error)
                }
                resolved = parsed
            }
        }
        let (hundredths, exact) = SourceValues.hundredths(value)
        guard let resolved else {
            guard hundredths == 0 else { throw .malformed("weight \(SourceValues.shown(weightTrimmed)) has no unit (--unit kg or --unit lb gives one)") }
            return (Weight(hundredths: 0, unit: .kg), true, false)
        }
        guard hundredths <= resolved.maximumHundredths else {
            throw .malformed("weight \(SourceValues.shown(weightTrimmed)) \(resolved.rawValue) is more than \(Decimal2.format(resolved.maximumHundredths)) \(resolved.rawValue)")
        }
        return (Weight(hundredths: hundredths, unit: resolved), exact, true)
    }

    /// A time in seconds (`1200.0`, rounded to the second) or as a clock
    /// (`0:05:00`); `nil` when there is none or it is zero.
    static func duration(_ text: String?) throws(RowProblem) -> SetDuration? {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespaces)
        guard SourceValues.isNonZero(trimmed) else { return nil }
        let seconds: Int
        if let number = SourceValues.decimal(trimmed) {
            guard number > 0, number < Double(Int32.max) else { throw .malformed("time '\(SourceValues.shown(trimmed))' is not a time") }
            seconds = max(1, Int(number.rounded()))
        } else {
            guard case .success(let parsed) = SetDuration.parse(trimmed) else {
                throw .malformed("time '\(SourceValues.shown(trimmed))' is not a time (seconds or h:mm:ss up to 99:59:59)")
            }
            seconds = parsed.seconds
        }
        guard SetDuration.range.contains(seconds) else { throw .malformed("time '\(SourceValues.shown(trimmed))' is more than 99:59:59") }
        return SetDuration(seconds: seconds)
    }

    /// A distance in `unit` (`nil` or empty: km); `nil` when there is none or it is zero.
    static func distance(_ text: String?, unit unitText: String?) throws(RowProblem) -> Distance? {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespaces)
        guard SourceValues.isNonZero(trimmed) else { return nil }
        guard let value = SourceValues.decimal(trimmed), value > 0, value < 1e9 else {
            throw .malformed("distance '\(SourceValues.shown(trimmed))' is not a distance")
        }
        let unitTrimmed = (unitText ?? "").trimmingCharacters(in: .whitespaces)
        guard let unit = unitTrimmed.isEmpty ? .km : DistanceUnit(parsing: unitTrimmed) else {
            throw .malformed("distance unit '\(SourceValues.shown(unitTrimmed))' is none of m, km, mi")
        }
        let distance = Distance(value: value, unit: unit)
        guard Distance.isInRange(distance.thousandths, unit: unit) else {
            throw .malformed("distance \(SourceValues.shown(trimmed)) \(unit.rawValue) is more than 1 000 km")
        }
        return distance
    }
}

extension SourceHistory {
    /// Gives zero weights that had no unit the unit most weights of the file have (else `fallback`, else kg).
    mutating func settleUnits(of unknown: [(workout: Int, set: Int)], fallback: WeightUnit?) {
        guard !unknown.isEmpty else { return }
        var counts: [WeightUnit: Int] = [:]
        for workout in workouts {
            for set in workout.sets where set.values.weight.hundredths > 0 { counts[set.values.weight.unit, default: 0] += 1 }
        }
        let usual = fallback ?? counts.max { ($0.value, $0.key.rawValue) < ($1.value, $1.key.rawValue) }?.key ?? .kg
        for position in unknown { workouts[position.workout].sets[position.set].values.weight.unit = usual }
    }
}
