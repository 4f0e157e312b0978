import Foundation
import Testing
import TopWeightCatalog
import TopWeightCore
@testable import TopWeightTransfer
import TopWeightTestSupport

/// A CSV file read as the small programs that chart Strong's exports read
/// one: the header's names, then each row's fields looked up by name.
/// Written here, apart from the importer, so what it finds is the file's.
struct HeaderReader {
    var header: [String]
    var rows: [[String: String]]

    init(_ file: String) {
        // "\r\n" is one Character: made two lines' ends of one kind first.
        let text = file.replacingOccurrences(of: "\r\n", with: "\n")
        let firstLine = text.prefix { $0 != "\n" }
        let delimiter: Character = firstLine.filter { $0 == ";" }.count > firstLine.filter { $0 == "," }.count ? ";" : ","
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var wasQuoted = false
        var iterator = text.makeIterator()
        var pending: Character? = nil
        func next() -> Character? {
            if let character = pending { pending = nil; return character }
            return iterator.next()
        }
        while let character = next() {
            if quoted {
                if character == "\"" {
                    if let following = next() {
                        if following == "\"" { field.append("\"") } else { quoted = false; pending = following }
                    } else { quoted = false }
                } else {
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"" where field.isEmpty && !wasQuoted: quoted = true; wasQuoted = true
            case delimiter: record.append(field); field = ""; wasQuoted = false
            case "\r": continue
            case "\n":
                record.append(field)
                if !(record.count == 1 && record[0].isEmpty) { records.append(record) }
                record = []; field = ""; wasQuoted = false
            default: field.append(character)
            }
        }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        let names = records.first?.map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        header = names
        rows = records.dropFirst().map { fields in
            var row: [String: String] = [:]
            for (index, name) in names.enumerated() where index < fields.count { row[name] = fields[index] }
            return row
        }
    }
}

/// A set row of an app's file, in numbers a comparison can use: kg, km, seconds.
struct AppSetRow: Equatable, CustomStringConvertible {
    /// The workout's start (Strong, Hevy) or day (FitNotes) as the file writes it.
    var date: String
    var exercise: String
    /// Strong's Set Order, Hevy's set_index renumbered over the rows kept.
    var order: String = ""
    var kilograms: Double
    var reps: Int
    var kilometres: Double
    var seconds: Int
    var rpe: Double? = nil
    /// Hevy's set_type.
    var type: String = ""
    /// The lifts this set's superset holds, in order (Hevy), when it has more than one.
    var superset: String = ""
    /// Its workout's name (Strong's `Workout Name`; Hevy's `title`, and its `end_time`).
    var workout: String = ""
    /// Its workout's length in seconds (Strong's `Duration`), when the file has one.
    var length: Int? = nil

    /// The same workout as `original`'s: its name, and its length where the
    /// original has one (a length of a minute or more in seconds, as the
    /// semicolon files write it, in the whole minutes that Strong's comma
    /// layout writes).
    func sameWorkout(as original: AppSetRow) -> Bool {
        // A name a spreadsheet would run (`@sanil …`, `=SUM`) is written guarded, `'@sanil …`, as every text field of ours.
        let unguarded = workout.first == "'" && "=+-@".contains(workout.dropFirst().first ?? " ") ? String(workout.dropFirst()) : workout
        guard unguarded == original.workout else { return false }
        guard let theirs = original.length else { return true }
        return length == theirs || (theirs >= 60 && length == theirs / 60 * 60)
    }

    /// `1h 50m`, `38min`, `35m`, `55s`, or seconds alone, as seconds: read
    /// here, apart from the importer's reader.
    static func duration(_ text: String?) -> Int? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let seconds = Double(text) { return Int(seconds.rounded()) }
        var total = 0
        var number = ""
        var unit = ""
        func flush() {
            guard let value = Int(number) else { return }
            total += value * (unit.hasPrefix("h") ? 3_600 : unit.hasPrefix("m") ? 60 : 1)
            number = ""
            unit = ""
        }
        for character in text.lowercased() {
            if character.isNumber {
                if !unit.isEmpty { flush() }
                number.append(character)
            } else if character.isLetter {
                unit.append(character)
            }
        }
        flush()
        return total
    }

    /// The numbers, the name aside.
    func sameSet(as other: AppSetRow) -> Bool {
        date == other.date && order == other.order && abs(kilograms - other.kilograms) < 0.011 && reps == other.reps
            && abs(kilometres - other.kilometres) < 0.0011 && seconds == other.seconds && rpe == other.rpe && type == other.type
            && superset == other.superset
    }

    var description: String {
        "\(date) \(exercise) #\(order) \(kilograms) kg × \(reps) \(kilometres) km \(seconds) s @\(rpe.map { "\($0)" } ?? "-") \(type) \(superset)"
    }

    static func number(_ text: String?) -> Double {
        Double((text ?? "").trimmingCharacters(in: .whitespaces)) ?? 0
    }

    static func kilometres(_ value: Double, unit: String?) -> Double {
        switch (unit ?? "km").lowercased().trimmingCharacters(in: .whitespaces) {
        case "m": value / 1000
        case "mi", "miles": value * 1.609344
        default: value
        }
    }

    /// `0:05:00` or `90` as seconds.
    static func seconds(_ text: String?) -> Int {
        let parts = (text ?? "").split(separator: ":").map { Double($0) ?? 0 }
        return Int(parts.reduce(0) { $0 * 60 + $1 })
    }

    /// The set rows of a Strong file of any layout (`unit` where the file
    /// names none), as the importer keeps them: no rest timer or note row,
    /// none without reps, time or distance.
    static func strong(_ reader: HeaderReader, unit: WeightUnit?) -> [AppSetRow] {
        let weightColumn = reader.header.first { ["Weight", "Weight (kg)", "Weight (lbs)", "kg", "lbs"].contains($0) } ?? "Weight"
        let zeroBased = reader.header.contains("kg")
        return reader.rows.compactMap { row in
            let order = (row["Set Order"] ?? "").trimmingCharacters(in: .whitespaces)
            guard !["rest timer", "note"].contains(order.lowercased()) else { return nil }
            var weight = number(row[weightColumn])
            let rowUnit = row["Weight Unit"].map { $0.lowercased().hasPrefix("lb") ? WeightUnit.lb : .kg }
                ?? (weightColumn.contains("lb") ? .lb : weightColumn.contains("kg") ? .kg : unit ?? .kg)
            if rowUnit == .lb { weight *= 0.45359237 }
            let distance = row["Distance (meters)"].map { number($0) / 1000 }
                ?? kilometres(number(row["Distance"] ?? row["km"]), unit: row["Distance Unit"].flatMap { $0.isEmpty ? nil : $0 })
            let reps = Int(number(row["Reps"]))
            let seconds = Int(number(row["Seconds"]))
            guard reps > 0 || seconds > 0 || distance > 0 else { return nil }
            let rpe = (row["RPE"] ?? "").isEmpty ? nil : number(row["RPE"])
            let label = zeroBased ? Int(order).map { String($0 + 1) } ?? order : order
            return AppSetRow(date: row["Date"] ?? "", exercise: (row["Exercise Name"] ?? "").trimmingCharacters(in: .whitespaces),
                             order: label, kilograms: weight, reps: seconds > 0 || distance > 0 ? 0 : reps, kilometres: distance,
                             seconds: seconds, rpe: rpe, workout: row["Workout Name"] ?? "",
                             length: duration(row["Duration"] ?? row["Workout Duration"] ?? row["Duration (sec)"]))
        }
    }

    /// The set rows of a Hevy file as the importer keeps them (none without
    /// reps, time or distance), set_index renumbered over those, supersets
    /// of one lift dropped (the importer keeps no such superset).
    static func hevy(_ reader: HeaderReader) -> [AppSetRow] {
        let pounds = reader.header.contains("weight_lbs")
        var kept: [(row: AppSetRow, workout: String, superset: String, index: Int)] = []
        for row in reader.rows {
            let distance = kilometres(number(row["distance_km"] ?? row["distance_miles"]), unit: row["distance_miles"] == nil ? "km" : "mi")
            let reps = Int(number(row["reps"]))
            let seconds = Int(number(row["duration_seconds"]))
            guard reps > 0 || seconds > 0 || distance > 0 else { continue }
            let rpe = (row["rpe"] ?? "").isEmpty ? nil : number(row["rpe"])
            let set = AppSetRow(date: row["start_time"] ?? "", exercise: (row["exercise_title"] ?? "").trimmingCharacters(in: .whitespaces),
                                kilograms: number(row[pounds ? "weight_lbs" : "weight_kg"]) * (pounds ? 0.45359237 : 1),
                                reps: seconds > 0 || distance > 0 ? 0 : reps, kilometres: distance, seconds: seconds, rpe: rpe,
                                type: row["set_type"] ?? "", workout: (row["title"] ?? "") + " until " + (row["end_time"] ?? ""))
            kept.append((set, row["start_time"] ?? "", row["superset_id"] ?? "", Int(number(row["set_index"]))))
        }
        // Each workout's supersets by the lifts they hold.
        var lifts: [String: [String]] = [:]
        for item in kept where !item.superset.isEmpty {
            let key = item.workout + "\u{1F}" + item.superset
            if !(lifts[key] ?? []).contains(item.row.exercise) { lifts[key, default: []].append(item.row.exercise) }
        }
        var rows: [AppSetRow] = []
        var previous: (workout: String, exercise: String, index: Int)?
        var count = 0
        for item in kept {
            // Two entries of one lift one after the other are numbered as one (the import keeps no entry's end).
            if let before = previous, before.workout == item.workout, before.exercise == item.row.exercise {
                count += 1
            } else {
                count = 0
            }
            previous = (item.workout, item.row.exercise, item.index)
            var row = item.row
            row.order = String(count)
            let group = lifts[item.workout + "\u{1F}" + item.superset] ?? []
            row.superset = group.count > 1 ? "\(group.count) lifts" : ""
            rows.append(row)
        }
        return rows
    }

    /// The set rows of a FitNotes file as the importer keeps them.
    static func fitNotes(_ reader: HeaderReader) -> [AppSetRow] {
        let weightColumn = reader.header.first { $0.hasPrefix("Weight") && $0 != "Weight Unit" } ?? "Weight"
        return reader.rows.compactMap { row in
            let pounds = weightColumn.contains("lbs") || (row["Weight Unit"] ?? "").hasPrefix("lb")
            let distance = kilometres(number(row["Distance"]), unit: row["Distance Unit"].flatMap { $0.isEmpty ? nil : $0 })
            let reps = Int(number(row["Reps"]))
            let seconds = seconds(row["Time"])
            guard reps > 0 || seconds > 0 || distance > 0 else { return nil }
            return AppSetRow(date: row["Date"] ?? "", exercise: (row["Exercise"] ?? "").trimmingCharacters(in: .whitespaces),
                             kilograms: number(row[weightColumn]) * (pounds ? 0.45359237 : 1),
                             reps: seconds > 0 || distance > 0 ? 0 : reps, kilometres: distance, seconds: seconds)
        }
    }

    /// `theirs` and `ours` row by row, workouts in order of their start
    /// (`order` puts two files' dates in one order), the file's order within
    /// one: the rows that differ in anything but the name and the workout,
    /// the names written otherwise, and the rows whose workout's name or
    /// length differ.
    static func compare(_ theirs: [AppSetRow], _ ours: [AppSetRow], order: (String) -> String)
        -> (mismatches: [String], names: [String: Set<String>], workouts: [String]) {
        func sorted(_ rows: [AppSetRow]) -> [AppSetRow] {
            rows.enumerated().sorted { (order($0.element.date), $0.offset) < (order($1.element.date), $1.offset) }.map(\.element)
        }
        var names: [String: Set<String>] = [:]
        var mismatches: [String] = []
        var workouts: [String] = []
        for (their, our) in zip(sorted(theirs), sorted(ours)) {
            if !our.sameSet(as: their) { mismatches.append("\(their) came back as \(our)") }
            if our.exercise != their.exercise { names[their.exercise, default: []].insert(our.exercise) }
            if !our.sameWorkout(as: their) {
                workouts.append("\(their.date) \(their.workout) \(their.length.map(String.init) ?? "-") came back as \(our.workout) \(our.length.map(String.init) ?? "-")")
            }
        }
        return (mismatches, names, workouts)
    }
}

/// A real Strong workout export and the unit it is in when it names none.
struct RealStrongFile: Sendable, CustomTestStringConvertible {
    var file: String
    var unit: WeightUnit?
    var testDescription: String { file }

    static let all: [RealStrongFile] = [
        RealStrongFile(file: "strong/DaKheera47__strong-statistics__sample_strong.csv", unit: .kg),
        RealStrongFile(file: "strong/RyanRiddiford__MyGymProgress__strong6873959381190187561.csv", unit: nil),
        RealStrongFile(file: "strong/albTian__strong-export-parser__strong.csv", unit: .lb),
        RealStrongFile(file: "strong/andrewgrinko__strongcharts__strong.csv", unit: .kg),
        RealStrongFile(file: "strong/harrig12__strong__strong.csv", unit: .lb),
        RealStrongFile(file: "strong/joao-conde__fitness-tracker__strong_workouts.csv", unit: nil),
        RealStrongFile(file: "strong/mlahoz__strong__strong.csv", unit: nil),
    ]

    func text() throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: SharedExports.path(file)))
        guard let text = ExportText.decode(data) else { throw Fixture.Unreadable(name: file) }
        return text
    }
}

@Suite("Exports other apps read: Strong's comma layout")
struct AppExportTests {
    static let catalog = ExerciseCatalog.bundled()

    static func importer(_ store: any StorageEngine) -> HistoryImporter {
        HistoryImporter(engine: store, catalog: catalog, timeZone: testZone)
    }

    static func strong(_ store: any StorageEngine, member: String) throws -> (text: String, report: HistoryExport.StrongReport) {
        let user = try #require(try store.user(named: member))
        var lines: [String] = []
        let report = try HistoryExport.strongComma(from: store, member: user, calendar: testCalendar, catalog: catalog) { lines.append($0) }
        return (lines.joined(separator: "\n") + "\n", report)
    }

    /// Every live record as it would be compared: day, exercise, set, mark, superset.
    static func history(_ store: any StorageEngine) throws -> [String] {
        try store.history(HistoryQuery()).reversed().map { record in
            var values = record.values
            var distance = ""
            if let covered = values.distance {
                // Each file has one distance unit: compared in metres.
                distance = "\(Int(covered.metres.rounded())) m"
                values.distance = nil
            }
            return "\(LocalDay(record.performedAt, in: testCalendar)) \(record.exercise) \(values.description) \(distance) \(record.kind?.rawValue ?? "")"
        }
    }

    @Test("Each real Strong export, imported then exported as Strong writes, gives back its sets, days, times, numbers and notes",
          .enabled(if: SharedExports.present, SharedExports.absentNote), arguments: RealStrongFile.all)
    func realStrongFile(_ real: RealStrongFile) throws {
        try TestEngine.memory.withStore { store in
            let original = try real.text()
            let summary = try Self.importer(store).run(Data(original.utf8), format: .strong, member: "Ana", unit: real.unit,
                                                       dryRun: false, now: importTime)
            #expect(summary.malformed.isEmpty)
            let exported = try Self.strong(store, member: "Ana")
            let ours = HeaderReader(exported.text)
            #expect(ours.header == HistoryExport.strongCommaHeader.split(separator: ",").map(String.init))
            let want = AppSetRow.strong(HeaderReader(original), unit: real.unit)
            let got = AppSetRow.strong(ours, unit: exported.report.unit)
            #expect(got.count == want.count, "rows: \(got.count) written, \(want.count) in the file")
            let (mismatches, names, workouts) = AppSetRow.compare(want, got, order: { $0 })
            #expect(mismatches.isEmpty, "\(mismatches.count) rows differ, first: \(mismatches.prefix(5))")
            #expect(names.isEmpty, "\(names.count) names written otherwise: \(names.sorted { $0.key < $1.key }.map { "\($0.key) → \($0.value.sorted())" })")
            #expect(workouts.isEmpty, "\(workouts.count) rows' workouts differ, first: \(workouts.prefix(5))")
        }
    }
}

/// A real Hevy or FitNotes workout export.
struct RealAppFile: Sendable, CustomTestStringConvertible {
    var file: String
    var testDescription: String { file }

    static let hevy = [
        "hevy/DaKheera47__strong-statistics__sample_hevy.csv", "hevy/FelipeRuizM__hevy-visualizer__workout_data.csv",
        "hevy/NathanN-275__Lifting-stats__workout_data.csv", "hevy/smdesai27__workout_progress_visualize__workouts_austin.csv",
    ].map { RealAppFile(file: $0) }

    static let fitNotes = [
        "fitnotes/LiamMorrow__LiftLog__fitnotes-android-export-kgs.csv", "fitnotes/LiamMorrow__LiftLog__fitnotes-android-export-lbs-edge-cases.csv",
        "fitnotes/LiamMorrow__LiftLog__fitnotes-android-export-lbs.csv", "fitnotes/moferg__fitnotes-data-viz__FitNotes_Export_2020_10_04.csv",
    ].map { RealAppFile(file: $0) }

    func text() throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: SharedExports.path(file)))
        guard let text = ExportText.decode(data) else { throw Fixture.Unreadable(name: file) }
        return text
    }
}

extension AppExportTests {
    /// `8 Apr 2026, 16:50` → `2026-04-08 16:50`, to put Hevy's workouts in order.
    static func hevyOrder(_ text: String) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let parts = text.replacingOccurrences(of: ",", with: "").split(separator: " ")
        guard parts.count == 4, let day = Int(parts[0]), let month = months.firstIndex(of: String(parts[1])) else { return text }
        return "\(parts[2])-\(String(format: "%02d", month + 1))-\(String(format: "%02d", day)) \(parts[3])"
    }

    static func export(_ app: ExportApp, _ store: any StorageEngine, member: String) throws -> String {
        let user = try #require(try store.user(named: member))
        var lines: [String] = []
        switch app {
        case .strong: _ = try HistoryExport.strongComma(from: store, member: user, calendar: testCalendar, catalog: catalog) { lines.append($0) }
        case .hevy: _ = try HistoryExport.hevy(from: store, member: user, calendar: testCalendar, catalog: catalog) { lines.append($0) }
        case .fitnotes: _ = try HistoryExport.fitNotes(from: store, member: user, calendar: testCalendar, catalog: catalog) { lines.append($0) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("Each real Hevy export, imported then exported as Hevy writes, gives back its sets, starts, set types, RPEs and supersets",
          .enabled(if: SharedExports.present, SharedExports.absentNote), arguments: RealAppFile.hevy)
    func realHevyFile(_ real: RealAppFile) throws {
        try TestEngine.memory.withStore { store in
            let original = try real.text()
            let summary = try Self.importer(store).run(Data(original.utf8), format: .hevy, member: "Ana", unit: nil, dryRun: false, now: importTime)
            #expect(summary.malformed.isEmpty)
            let ours = HeaderReader(try Self.export(.hevy, store, member: "Ana"))
            #expect(ours.header == HeaderReader(original).header)
            let want = AppSetRow.hevy(HeaderReader(original))
            let got = AppSetRow.hevy(ours)
            #expect(got.count == want.count, "rows: \(got.count) written, \(want.count) in the file")
            let (mismatches, names, workouts) = AppSetRow.compare(want, got, order: Self.hevyOrder)
            #expect(mismatches.isEmpty, "\(mismatches.count) rows differ, first: \(mismatches.prefix(5))")
            #expect(names.isEmpty, "\(names.count) names written otherwise: \(names.sorted { $0.key < $1.key }.map { "\($0.key) → \($0.value.sorted())" })")
            #expect(workouts.isEmpty, "\(workouts.count) rows' workouts differ, first: \(workouts.prefix(5))")
        }
    }

    @Test("Each real FitNotes export, imported then exported as FitNotes writes, gives back its sets, days, weights, times and distances",
          .enabled(if: SharedExports.present, SharedExports.absentNote), arguments: RealAppFile.fitNotes)
    func realFitNotesFile(_ real: RealAppFile) throws {
        try TestEngine.memory.withStore { store in
            let original = try real.text()
            let summary = try Self.importer(store).run(Data(original.utf8), format: .fitnotes, member: "Ana", unit: nil, dryRun: false, now: importTime)
            #expect(summary.malformed.isEmpty)
            let ours = HeaderReader(try Self.export(.fitnotes, store, member: "Ana"))
            #expect(ours.header == HistoryExport.fitNotesHeader.split(separator: ",").map(String.init))
            let want = AppSetRow.fitNotes(HeaderReader(original))
            let got = AppSetRow.fitNotes(ours)
            #expect(got.count == want.count, "rows: \(got.count) written, \(want.count) in the file")
            let (mismatches, names, workouts) = AppSetRow.compare(want, got, order: { $0 })
            #expect(mismatches.isEmpty, "\(mismatches.count) rows differ, first: \(mismatches.prefix(5))")
            #expect(names.isEmpty, "\(names.count) names written otherwise: \(names.sorted { $0.key < $1.key }.map { "\($0.key) → \($0.value.sorted())" })")
            #expect(workouts.isEmpty, "\(workouts.count) rows' workouts differ, first: \(workouts.prefix(5))")
        }
    }

    @Test("Each app's export of a real file imports into another empty database as the same history",
          .enabled(if: SharedExports.present, SharedExports.absentNote),
          arguments: [(ExportApp.strong, "strong/albTian__strong-export-parser__strong.csv", WeightUnit?.some(.lb)),
                      (.strong, "strong/joao-conde__fitness-tracker__strong_workouts.csv", nil),
                      (.hevy, "hevy/smdesai27__workout_progress_visualize__workouts_austin.csv", nil),
                      (.fitnotes, "fitnotes/LiamMorrow__LiftLog__fitnotes-android-export-lbs-edge-cases.csv", nil)])
    func backIntoEmpty(app: ExportApp, file: String, unit: WeightUnit?) throws {
        try TestEngine.memory.withStores { store, open in
            let original = try RealAppFile(file: file).text()
            let format: ImportFormat = app == .strong ? .strong : app == .hevy ? .hevy : .fitnotes
            _ = try Self.importer(store).run(Data(original.utf8), format: format, member: "Ana", unit: unit, dryRun: false, now: importTime)
            let user = try #require(try store.user(named: "Ana"))
            let memberUnit = try store.history(HistoryQuery(userID: user.id)).filter { $0.values.weight.unit == .lb }.count * 2
                > store.history(HistoryQuery(userID: user.id)).count ? WeightUnit.lb : .kg
            let ours = try Self.export(app, store, member: "Ana")
            let fresh = try open()
            let summary = try Self.importer(fresh).run(Data(ours.utf8), format: format, member: "Ana", unit: app == .strong ? memberUnit : nil,
                                                       dryRun: false, now: importTime)
            #expect(summary.malformed.isEmpty)
            let before = try Self.history(store)
            let after = try Self.history(fresh)
            #expect(after.count == before.count)
            let differ = zip(before, after).filter { $0 != $1 }
            #expect(differ.isEmpty, "\(differ.count) records differ, first: \(differ.prefix(5))")
            if app != .fitnotes {
                #expect(try fresh.storedSessions().map(\.note) == store.storedSessions().map(\.note), "the days' notes")
            }
        }
    }
}
