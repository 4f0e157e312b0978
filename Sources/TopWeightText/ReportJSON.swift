import Foundation
import TopWeightCore

/// The coach's report as one JSON object, for other tools:
///
/// ```
/// {"period": {"label", "from", "to"}, "inactiveAfterDays",
///  "members": [{"member", "private", "days", "sets", "volume", "volumeBefore",
///               "volumeChange", "prs": [{"exercise", "kind", "value", "unit", "performedAt", "recordId"}],
///               "program": {"name", "days", "prescribed", "done"} | null,
///               "bodyWeightChange", "bodyWeightUnit", "lastSeen", "weeklyVolume": [8 numbers]}],
///  "inactive": [{"member", "private", "lastSeen", "daysQuiet"}],
///  "totals": {"members", "days", "sets", "volume", "prs"}}
/// ```
///
/// Volumes in kilograms (pounds converted, loads only); `volumeChange` in
/// percent against `volumeBefore`, `null` when that was 0; a PR's `value`
/// and `unit` as `prs` writes them; `bodyWeightChange` in `bodyWeightUnit`,
/// both `null` without two weigh-ins to compare; days as `YYYY-MM-DD`.
public enum ReportJSON {
    public static func object(_ report: GymReport, timeZone: TimeZone) -> String {
        let members = report.members.map { member(_: $0, timeZone: timeZone) }
        let quiet = report.inactive.map { member in
            DataFormats.jsonObject([
                ("member", DataFormats.json(member.member)),
                ("private", String(member.isPrivate)),
                ("lastSeen", DataFormats.json(member.lastSeen.description)),
                ("daysQuiet", String(member.daysQuiet)),
            ])
        }
        let totals = report.totals
        return DataFormats.jsonObject([
            ("period", DataFormats.jsonObject([
                ("label", DataFormats.json(report.period.description)),
                ("from", DataFormats.json(report.period.first.description)),
                ("to", DataFormats.json(report.period.last.description)),
            ])),
            ("inactiveAfterDays", String(report.inactiveAfterDays)),
            ("members", list(members)),
            ("inactive", list(quiet)),
            ("totals", DataFormats.jsonObject([
                ("members", String(totals.members)),
                ("days", String(totals.days)),
                ("sets", String(totals.sets)),
                ("volume", LogFormats.kilograms(totals.volumeKilograms)),
                ("prs", String(totals.records)),
            ])),
        ])
    }

    static func member(_ member: MemberReport, timeZone: TimeZone) -> String {
        let records = member.records.map { best in
            DataFormats.jsonObject([
                ("exercise", DataFormats.json(best.record.exercise)),
                ("kind", DataFormats.json(best.kind.rawValue)),
                ("value", ProgressText.number(best)),
                ("unit", DataFormats.json(best.unit)),
                ("performedAt", DataFormats.json(DataFormats.timestamp(best.record.performedAt, timeZone: timeZone))),
                ("recordId", String(best.record.id)),
            ])
        }
        let program = member.program.map { compliance in
            DataFormats.jsonObject([
                ("name", DataFormats.json(compliance.program)),
                ("days", String(compliance.days)),
                ("prescribed", String(compliance.prescribed)),
                ("done", String(compliance.done)),
            ])
        }
        return DataFormats.jsonObject([
            ("member", DataFormats.json(member.member)),
            ("private", String(member.isPrivate)),
            ("days", String(member.days)),
            ("sets", String(member.sets)),
            ("volume", LogFormats.kilograms(member.volumeKilograms)),
            ("volumeBefore", LogFormats.kilograms(member.volumeBeforeKilograms)),
            ("volumeChange", member.volumeChangePercent.map { Decimal2.format(Int(($0 * 100).rounded())) } ?? "null"),
            ("prs", "[" + records.joined(separator: ",") + "]"),
            ("program", program ?? "null"),
            ("bodyWeightChange", member.bodyWeight.map { Decimal2.format(Int(($0.change * 100).rounded())) } ?? "null"),
            ("bodyWeightUnit", member.bodyWeight.map { DataFormats.json($0.unit.rawValue) } ?? "null"),
            ("lastSeen", DataFormats.json(member.lastSeen.description)),
            ("weeklyVolume", "[" + member.weeklyVolume.map(LogFormats.kilograms).joined(separator: ",") + "]"),
        ])
    }

    private static func list(_ objects: [String]) -> String {
        objects.isEmpty ? "[]" : "[\n  " + objects.joined(separator: ",\n  ") + "\n]"
    }
}
