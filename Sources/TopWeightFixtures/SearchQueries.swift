/// What `topweight bench --search` and the `Search` benchmark look for, in
/// turn, on the demo's log: exercises by a prefix or an alias, the demo's
/// notes (accents folded both ways), routines, and words that must all
/// match the same day.
public enum SearchQueries {
    public static let all = [
        "squ", "bench press", "dead", "zoe", "presse", "knee", "felt strong", "row", "curl", "push day",
        "ohp", "squat heavy", "renee", "leg", "5", "pull", "grip last", "café", "deload", "p",
    ]
}
