import TopWeightCore

/// What goes on the bar, as the logger and `topweight plates` say it, and as JSON.
public enum PlatesText {
    /// `100 kg on a 20 kg bar: per side 25 + 15 kg`; for a load that can't be
    /// made, so, the nearest loads under and over it, and the plates there are.
    public static func render(_ answer: PlateAnswer, target: Weight, bar: Weight, plates: PlateSet) -> [String] {
        switch answer {
        case .exact(let load):
            return ["\(target.description) on a \(bar.description) bar: \(side(load))"]
        case .nearest(let below, let above):
            // Short lines, the plate set last: a narrow terminal wraps none of them.
            return [
                "\(target.description) can't be made exactly on a \(bar.description) bar.",
                "Nearest below: \(load(below))",
                "Nearest above: " + (above.map(load) ?? "none, the plates run out"),
                "The gym's \(plates.unit.rawValue) plates: \(plates.description)",
            ]
        case .lighterThanBar:
            return ["\(target.description) is lighter than the \(bar.description) bar."]
        }
    }

    /// `102.5 kg: per side 25 + 15 + 1.25 kg`
    static func load(_ load: PlateLoad) -> String {
        "\(load.total.description): \(side(load))"
    }

    /// `per side 25 + 15 kg`, or `the bar alone`.
    static func side(_ load: PlateLoad) -> String {
        guard !load.perSide.isEmpty else { return "the bar alone, no plates" }
        return "per side " + load.perSide.map(Decimal2.format).joined(separator: " + ") + " \(load.bar.unit.rawValue)"
    }

    /// `{"target": 101, "unit": "kg", "bar": 20, "exact": false, "load": null,
    /// "below": {"total": 100, "perSide": [25, 15]}, "above": {…}|null}`
    public static func json(_ answer: PlateAnswer, target: Weight, bar: Weight) -> String {
        func object(_ load: PlateLoad?) -> String {
            guard let load else { return "null" }
            return DataFormats.jsonObject([
                ("total", load.total.number),
                ("perSide", "[" + load.perSide.map(Decimal2.format).joined(separator: ",") + "]"),
            ])
        }
        var exact: PlateLoad?
        var below: PlateLoad?
        var above: PlateLoad?
        switch answer {
        case .exact(let load): exact = load
        case .nearest(let under, let over): (below, above) = (under, over)
        case .lighterThanBar: break
        }
        return DataFormats.jsonObject([
            ("target", target.number),
            ("unit", DataFormats.json(target.unit.rawValue)),
            ("bar", bar.number),
            ("exact", exact == nil ? "false" : "true"),
            ("load", object(exact)),
            ("below", object(below)),
            ("above", object(above)),
        ])
    }
}
