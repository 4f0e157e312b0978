import TopWeightCore

/// The names other apps give the catalog's lifts, for the exports that
/// people take to those apps (`export --format strong`, `hevy`, `fitnotes`).
///
/// An app's name for a lift is the one listed here, else (Strong, Hevy) the
/// entry's first alias written as those apps write their lifts (`Bench
/// Press (Barbell)`), else the catalog's name (FitNotes names lifts as we do).
/// The lists hold the names the real exports in `../shared/data/exports`
/// use where that rule gives another, reviewed by hand: a name one user made
/// up for a lift is not the app's and stays out.
/// The apps whose exports `topweight export` writes.
public enum ExportApp: String, Sendable, CaseIterable {
    case strong
    case hevy
    case fitnotes
}

extension ExerciseCatalog {
    /// Strong's own names for the catalog's lifts, where the rule above gives another.
    static let strongNames: [String: String] = [
        "Ab Wheel Rollout": "Ab Wheel",
        "Back Extension": "Back Extension",
        "Bulgarian Split Squat": "Bulgarian Split Squat",
        "Cable Fly": "Cable Crossover",
        "Cable Rear Delt Fly": "Reverse Fly (Cable)",
        "Calf Raise": "Standing Calf Raise (Machine)",
        "Chest Dip": "Chest Dip",
        "Chest-Supported Dumbbell Row": "Incline Row (Dumbbell)",
        "Chin-Up": "Chin Up",
        "Clean Pull": "Clean Pull",
        "Crunch": "Crunch",
        "Cycling": "Cycling",
        "Decline Crunch": "Decline Crunch",
        "Elliptical": "Elliptical Machine",
        "Glute-Ham Raise": "Glute Ham Raise",
        "Hip Abduction Machine": "Hip Abductor (Machine)",
        "Hip Adduction Machine": "Hip Adductor (Machine)",
        "Horizontal Leg Press": "Seated Leg Press (Machine)",
        "Leg Press": "Leg Press",
        "Lying Leg Raise": "Flat Leg Raise",
        "Pallof Press": "Pallof Press",
        "Plank": "Plank",
        "Plate-Loaded Shoulder Press": "Shoulder Press (Plate Loaded)",
        "Power Clean": "Power Clean",
        "Pull-Up": "Pull Up",
        "Push Press": "Push Press",
        "Push-Up": "Push Up",
        "Rear Delt Fly": "Reverse Fly (Dumbbell)",
        "Reverse Pec Deck": "Reverse Fly (Machine)",
        "Reverse-Grip Lat Pulldown": "Lat Pulldown - Underhand (Cable)",
        "Russian Twist": "Russian Twist",
        "Seated Calf Raise": "Seated Calf Raise (Plate Loaded)",
        "Sit-Up": "Sit Up",
        "T-Bar Row": "T Bar Row",
        "Triceps Bench Dip": "Bench Dip",
        "Triceps Dip": "Triceps Dip",
        "Turkish Get-Up": "Turkish Get Up",
        "Walking": "Walking",
    ]

    /// Hevy's own names for the catalog's lifts, where the rule above gives another.
    static let hevyNames: [String: String] = [
        "Back Extension": "Back Extension (Weighted Hyperextension)",
        "Bar Hang": "Dead Hang",
        "Bar-Grip Seated Cable Row": "Seated Cable Row - Bar Grip",
        "Behind-the-Neck Jerk": "Behind The Neck Jerk",
        "Behind-the-Neck Press": "Behind the Neck Press",
        "Belt Squat": "Belt Squat",
        "Bulgarian Split Squat": "Bulgarian Split Squat",
        "Cable Crunch": "Cable Crunch",
        "Cable Fly": "Cable Fly Crossovers",
        "Cable Wrist Curl": "Cable Wrist Curl",
        "Cable Wrist Extension": "Cable Wrist Extension",
        "Calf Raise": "Standing Calf Raise (Machine)",
        "Chin-Up": "Chin Up",
        "Clean": "Clean",
        "Clean Pull": "Clean Pull",
        "Clean and Jerk": "Clean and Jerk",
        "Concentration Curl": "Concentration Curl",
        "Cross-Body Hammer Curl": "Cross Body Hammer Curl",
        "Cycling": "Cycling",
        "Dumbbell Row": "Dumbbell Row",
        "EZ-Bar Curl": "EZ Bar Biceps Curl",
        "Face Pull": "Face Pull",
        "Farmer's Walk": "Farmers Walk",
        "Front Squat": "Front Squat",
        "Glute-Ham Raise": "Glute Ham Raise",
        "Hang Clean": "Hang Clean",
        "Hang Power Clean": "Hang Power Clean",
        "Hang Snatch": "Hang Snatch",
        "Incline Dumbbell Curl": "Seated Incline Curl (Dumbbell)",
        "Iso-Lateral Low Row": "Iso-Lateral Low Row",
        "Kneeling Band Pulldown": "Kneeling Pulldown (band)",
        "L-Sit": "L-Sit Hold",
        "Larsen Press": "Larsen Press",
        "Low Cable Fly": "Low Cable Fly Crossovers",
        "Muscle Snatch": "Muscle Snatch",
        "Muscle-Up": "Muscle Up",
        "Nordic Hamstring Curl": "Nordic Hamstrings Curls",
        "Overhead Squat": "Overhead Squat",
        "Pallof Press": "Cable Core Palloff Press",
        "Pec Deck": "Butterfly (Pec Deck)",
        "Plank": "Plank",
        "Power Clean": "Power Clean",
        "Power Snatch": "Power Snatch",
        "Pull-Up": "Pull Up",
        "Push Press": "Push Press",
        "Push-Up": "Push Up",
        "Reverse Hyperextension": "Reverse Hyperextension",
        "Rope Pushdown": "Triceps Rope Pushdown",
        "Rope Straight-Arm Pulldown": "Rope Straight Arm Pulldown",
        "Running": "Running",
        "Seated Cable Row": "Seated Cable Row - V Grip (Cable)",
        "Seated Calf Raise": "Seated Calf Raise",
        "Seated Dip Machine": "Seated Dip Machine",
        "Shoulder Press Machine": "Seated Shoulder Press (Machine)",
        "Single-Arm Lat Pulldown": "Single Arm Lat Pulldown",
        "Single-Leg Extension": "Single Leg Extensions",
        "Smith Machine Row": "Smith Machine Row",
        "Snatch": "Snatch",
        "Snatch High Pull": "Snatch High Pull",
        "Snatch Pull": "Snatch Pull",
        "Split Jerk": "Split Jerk",
        "Spoto Press": "Spoto Press",
        "Standing Leg Curl": "Standing Leg Curls",
        "Stationary Bike": "Spinning",
        "Suitcase Carry": "Suitcase Carry",
        "T-Bar Row": "T Bar Row",
        "Trap Bar Deadlift": "Deadlift (Trap bar)",
        "Treadmill": "Treadmill",
        "Triceps Pushdown": "Triceps Pushdown",
        "Wide-Grip Pull-Up": "Wide Pull Up",
        "Wide-Grip Seated Cable Row": "Seated Cable Row - Bar Wide Grip",
        "Yates Row": "Yates Row",
        "Zercher Squat": "Zercher Squat",
    ]

    /// FitNotes' own names for the catalog's lifts, where the catalog's name is not FitNotes'.
    static let fitNotesNames: [String: String] = [
        "Back Squat": "Barbell Squat",
        "Barbell Row": "Bent Over Barbell Row",
        "Bench Press": "Flat Barbell Bench Press",
        "Cable Triceps Extension": "Cable Overhead Triceps Extension",
        "Dumbbell Triceps Extension": "Dumbbell Overhead Triceps Extension",
        "Face Pull": "Face Pull (Pulley)",
        "Front Squat": "Barbell Front Squat",
        "Hammer Curl": "Dumbbell Hammer Curl",
        "Incline Bench Press": "Incline Barbell Bench Press",
        "Incline Dumbbell Press": "Incline Dumbbell Bench Press",
        "Lateral Raise": "Lateral Dumbbell Raise",
        "Machine Chest Fly": "Seated Machine Fly",
        "Machine Lateral Raise": "Lateral Machine Raise",
        "Rope Pushdown": "Rope Push Down",
        "Seated Cable Row": "V-Grip Seated Cable Row (Pulley)",
    ]

    /// `app`'s name for the lift stored as `name`: the catalog's lift by the
    /// app's name for it; a lift the member made keeps its own. An assisted
    /// bodyweight set goes on the lift's assisted entry (`Pull Up (Assisted)`),
    /// as the apps write assistance; in Hevy, a bodyweight set with a load
    /// added (`weighted`) goes on the lift's weighted entry (`Pull Up (Weighted)`).
    public func appName(for name: String, in app: ExportApp, assisted: Bool = false, weighted: Bool = false) -> String {
        if assisted {
            let base = entry(named: name)?.name ?? name
            if let helped = entry(named: "Assisted " + base) { return appName(of: helped, in: app) }
            return appName(for: name, in: app) + (app == .fitnotes ? " Assisted" : " (Assisted)")
        }
        guard let entry = entry(named: name) else { return name }
        if weighted, app == .hevy, let loaded = entry.aliases.first(where: { $0.hasSuffix(" (Weighted)") }) { return loaded }
        return appName(of: entry, in: app)
    }

    /// Strong's name for the lift stored as `name` (`appName(for:in:assisted:)`).
    public func strongName(for name: String, assisted: Bool = false) -> String {
        appName(for: name, in: .strong, assisted: assisted)
    }

    private func appName(of entry: Entry, in app: ExportApp) -> String {
        switch app {
        case .strong: Self.strongNames[entry.name] ?? entry.aliases.first(where: Self.isAppStyle) ?? entry.name
        case .hevy: Self.hevyNames[entry.name] ?? entry.aliases.first(where: Self.isAppStyle) ?? entry.name
        case .fitnotes: Self.fitNotesNames[entry.name] ?? entry.name
        }
    }

    /// `Bench Press (Barbell)`: a name, a space and the equipment in brackets
    /// (not `(Weighted)`: a bodyweight lift's sets with a load, in Hevy).
    static func isAppStyle(_ name: String) -> Bool {
        guard name.hasSuffix(")"), !name.hasSuffix("(Weighted)"),
              let open = name.lastIndex(of: "("), open > name.startIndex else { return false }
        return name[name.index(before: open)] == " " && name.index(after: open) < name.index(before: name.endIndex)
    }
}
