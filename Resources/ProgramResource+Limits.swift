import TopWeightCore
import Yams

// MARK: - What a programs file may hold, and the lifts it names

extension ProgramCatalog {
    /// How big a programs file may be, before and after its aliases are
    /// expanded: far above any real program (5/3/1 is 4 weeks of 4 days),
    /// far below what would keep the rack waiting.
    public enum Limits {
        /// The file's own text.
        public static let bytes = 256 * 1024
        /// Values (each scalar, list and mapping) once every alias is expanded.
        public static let values = 50_000
        /// Aliases (`*name`) used.
        public static let aliases = 200
        public static let weeks = 52
        public static let daysPerWeek = 7
        public static let exercisesPerDay = 20
        /// Sets of one exercise on one day.
        public static let setsPerExercise = 50
    }

    /// What the gym knows by a name a program gives a lift.
    public enum LiftName: Sendable, Hashable {
        /// A lift the gym knows (its own, or the catalog's by name or alias), as it spells it, and its kind.
        case known(String, ExerciseKind)
        /// No lift by that name; `mayMean` when it is a near miss of one.
        case unknown(mayMean: String?)
    }

    /// Looks a program's lift up among what the gym knows (see `LiftName`).
    public typealias Lifts = @Sendable (String) -> LiftName

    /// Refuses a file whose aliases would expand it beyond `Limits`, before
    /// anything of it is read: every value counted once per place it
    /// appears, stopping at the first value too many. Aliases are counted
    /// as written: an anchored value met again is one, but what lies inside
    /// a value met again (a copy) is not counted again. `what` names the
    /// kind of file in the refusal (a routines file is held to the same).
    static func checkExpansion(_ root: Node, what: String = "a programs file") throws(Problem) {
        var values = 0
        var aliases = 0
        var anchors: Set<ObjectIdentifier> = []
        var stack = [(node: root, copy: false)]
        while let (node, inCopy) = stack.popLast() {
            values += 1
            guard values <= Limits.values else {
                throw Problem(line: nil, reason: "the file expands to more than \(Limits.values) values (its aliases repeat what they name); "
                              + "\(what) holds at most that")
            }
            let anchor: Anchor?
            var children: [Node] = []
            switch node {
            case .scalar(let scalar):
                anchor = scalar.anchor
            case .mapping(let mapping):
                anchor = mapping.anchor
                children = mapping.flatMap { [$0.key, $0.value] }
            case .sequence(let sequence):
                anchor = sequence.anchor
                children = Array(sequence)
            case .alias:
                anchor = nil
            }
            var copy = inCopy
            if let anchor, !anchors.insert(ObjectIdentifier(anchor)).inserted {
                copy = true
                if !inCopy {
                    aliases += 1
                    guard aliases <= Limits.aliases else {
                        throw Problem(line: nil, reason: "the file uses more than \(Limits.aliases) aliases (*name); \(what) uses at most that")
                    }
                }
            }
            stack.append(contentsOf: children.reversed().map { ($0, copy) })
        }
    }

    /// A count within its bound, or why not, at the line of `node`.
    static func within(_ count: Int, _ limit: Int, at node: Node, _ reason: @autoclosure () -> String) throws(Problem) {
        guard count <= limit else { throw problem(node, reason()) }
    }

    /// The lift a program names at `node`, as the gym spells it; refused
    /// when it is a near miss of another, or of a kind whose sets are not
    /// a load for reps (`loads`: a prescription, not a rule's step).
    static func lift(_ typed: String, at node: Node, program: String, lifts: Lifts?, loads: Bool) throws(Problem) -> String {
        guard let lifts else { return typed }
        switch lifts(typed) {
        case .unknown(mayMean: nil):
            return typed
        case .unknown(mayMean: let other?):
            throw problem(node, "\(program): no lift is named \(typed): did you mean \(other)? "
                          + "(a new lift: 'topweight exercises add \"\(typed)\"' first)")
        case .known(let name, let kind):
            guard loads, kind != .weight else { return name }
            let what = switch kind {
            case .time: "a timed lift"
            case .bodyweight: "a bodyweight lift"
            case .distance: "a distance lift"
            case .weight: "a lift"
            }
            throw problem(node, "\(program): \(name) is \(what); a program's sets are loads for reps, so it can't prescribe it (log it as usual)")
        }
    }

    /// The key node of `name` in `fields`, for the line of a field as a whole.
    static func key(_ name: String, in fields: Node.Mapping) -> Node? {
        fields.first { $0.key.string == name }?.key
    }
}
