import Foundation
import TopWeightCore

/// The coach's report as one JSON object, for other tools:
///
/// ```
/// {"period": {"label", "from", "to"}, "complete", "through", "before": {"from", "to"},
///  "member" (the member asked for, or null), "inactiveAfterDays",
///  "members": [{"member", "private", "new", "days", "sets", "volume", "volumeBefore",
///               "volumeChange", "prs": [{"exercise", "performedAt", "recordId",
///                                        "beaten": [{"kind", "value", "unit", "was", "wasUnit"}]}],
///               "firsts": [{"exercise", "performedAt", "recordId"}],
///               "program": {"name", "days", "prescribed", "done"} | null,
///               "bodyWeight", "bodyWeightChange", "bodyWeightUnit", "lastSeen", "weeklyVolume": [8 numbers]}],
///  "inactive": [{"member", "private", "lastSeen", "daysQuiet"}],
///  "totals": {"members", "days", "sets", "volume", "prs", "firsts"}}
/// ```
///
/// Volumes in kilograms (pounds converted, loads only); `volumeChange` in
/// percent against `volumeBefore` (the days `before` names), `null` when
/// that was 0; `complete` false while the period runs, counted `through`
/// today; a PR is a set the rack announced, `prs` counts them, each with
/// the records it beat (`PersonalRecord.figures`); `bodyWeight` the
/// period's last weigh-in, `bodyWeightChange` in `bodyWeightUnit`,
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
            ("complete", String(report.complete)),
            ("through", DataFormats.json(report.through.description)),
            ("before", DataFormats.jsonObject([
                ("from", DataFormats.json(report.beforeFirst.description)),
                ("to", DataFormats.json(report.beforeLast.description)),
            ])),
            ("member", report.member.map(DataFormats.json) ?? "null"),
            ("team", report.team.map(DataFormats.json) ?? "null"),
            ("inactiveAfterDays", String(report.inactiveAfterDays)),
            ("members", list(members)),
            ("inactive", list(quiet)),
            ("totals", DataFormats.jsonObject([
                ("members", String(totals.members)),
                ("days", String(totals.days)),
                ("sets", String(totals.sets)),
                ("volume", LogFormats.kilograms(totals.volumeKilograms)),
                ("prs", String(totals.records)),
                ("firsts", String(totals.firsts)),
            ])),
        ])
    }

    static func member(_ member: MemberReport, timeZone: TimeZone) -> String {
        let records = member.records.map { announced in
            let beaten = announced.beaten.map { record in
                let figures = record.figures
                return DataFormats.jsonObject([
                    ("kind", DataFormats.json(record.kind.rawValue)),
                    ("value", number(figures.value)),
                    ("unit", DataFormats.json(figures.unit)),
                    ("was", number(figures.was)),
                    ("wasUnit", DataFormats.json(figures.wasUnit)),
                ])
            }
            return DataFormats.jsonObject([
                ("exercise", DataFormats.json(announced.record.exercise)),
                ("performedAt", DataFormats.json(DataFormats.timestamp(announced.record.performedAt, timeZone: timeZone))),
                ("recordId", String(announced.record.id)),
                ("beaten", "[" + beaten.joined(separator: ",") + "]"),
            ])
        }
        let firsts = member.firsts.map { record in
            DataFormats.jsonObject([
                ("exercise", DataFormats.json(record.exercise)),
                ("performedAt", DataFormats.json(DataFormats.timestamp(record.performedAt, timeZone: timeZone))),
                ("recordId", String(record.id)),
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
            ("new", String(member.isNew)),
            ("days", String(member.days)),
            ("sets", String(member.sets)),
            ("volume", LogFormats.kilograms(member.volumeKilograms)),
            ("volumeBefore", LogFormats.kilograms(member.volumeBeforeKilograms)),
            ("volumeChange", member.volumeChangePercent.map { Decimal2.format(Int(($0 * 100).rounded())) } ?? "null"),
            ("prs", "[" + records.joined(separator: ",") + "]"),
            ("firsts", "[" + firsts.joined(separator: ",") + "]"),
            ("program", program ?? "null"),
            ("bodyWeight", member.bodyWeight.map { Decimal2.format($0.to.hundredths) } ?? "null"),
            ("bodyWeightChange", member.bodyWeight.map { Decimal2.format(Int(($0.change * 100).rounded())) } ?? "null"),
            ("bodyWeightUnit", member.bodyWeight.map { DataFormats.json($0.unit.rawValue) } ?? "null"),
            ("lastSeen", DataFormats.json(member.lastSeen.description)),
            ("weeklyVolume", "[" + member.weeklyVolume.map(LogFormats.kilograms).joined(separator: ",") + "]"),
        ])
    }

    /// A number to the hundredth, as the report's other numbers.
    private static func number(_ value: Double) -> String {
        Decimal2.format(Int((value * 100).rounded()))
    }

    private static func list(_ objects: [String]) -> String {
        objects.isEmpty ? "[]" : "[\n  " + objects.joined(separator: ",\n  ") + "\n]"
    }
}
