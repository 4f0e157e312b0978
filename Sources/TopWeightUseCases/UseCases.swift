import Foundation
import TopWeightCatalog
import TopWeightCore

/// The use cases over one logbook's roles, made in one place: what the
/// command line's subcommands call, and what the logger's session carries
/// its effects out with.
public struct UseCases {
    public let workouts: Workouts
    /// Sessions, notes, the calendar, repeating and routines.
    public let log: TrainingLog
    /// Personal records and stats.
    public let progress: TrainingProgress
    public let admin: AdminAccess
    /// Members' PINs, cards and coaches, and the gym's policy for them.
    public let identification: Identification
    /// A member's own log, searched.
    public let search: Search
    /// The sets that wait on this terminal for its server (none for a file).
    public let waiting: any WaitingSets

    public init(_ roles: LogbookRoles, catalog: ExerciseCatalog,
                routines: @autoclosure @escaping @Sendable () -> RoutineCatalog,
                zone: @escaping @Sendable () -> TimeZone) {
        workouts = Workouts(roles, catalog: catalog)
        log = TrainingLog(roles, routineCatalog: routines(), zone: zone)
        progress = TrainingProgress(roles, zone: zone)
        admin = AdminAccess(logbook: roles.gym)
        identification = Identification(roles)
        search = Search(roles, catalog: catalog, zone: zone)
        waiting = roles.waiting
    }
}
