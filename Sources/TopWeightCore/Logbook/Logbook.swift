/// Where members, exercises and their sets are kept: the seam between the
/// use cases and the storage engine (a SQLite file, or PostgreSQL), split
/// by what its callers do, one role each (`Roles/`): recording sets
/// (`SetRecording`), the prompts' names (`NameLookup`), the members and
/// exercises as a whole (`MemberRoster`, `ExerciseRoster`), the training log
/// (`TrainingDiary`), totals and bests (`TrainingTotals`), the board
/// (`BoardSource`), settings and the admin PIN (`GymConfiguration`),
/// programs (`ProgramShelf`), looking after the database (`StoreUpkeep`)
/// and how members prove who they are (`MemberIdentity`),
/// searching a member's log (`LogSearch`), the gym's teams (`MemberTeams`)
/// and coaches' notes to members (`CoachNotes`).
/// A use case takes only the roles it calls; every engine plays them all.
///
/// Synchronous on purpose: the logger is a blocking loop and a save has a
/// budget under a millisecond, so an engine that talks to a server bridges
/// its async client once, inside itself. Every method is one consistent
/// step; every failure is a `LogbookError` told in one line, without
/// terminal advice (the front ends add that).
public typealias Logbook = SetRecording & NameLookup & MemberRoster & ExerciseRoster & TrainingDiary & TrainingTotals
    & BoardSource & GymConfiguration & ProgramShelf & StoreUpkeep & MemberIdentity & LogSearch & MemberTeams
    & CoachNotes

/// A whole storage engine: every role of `Logbook` and the whole-database
/// tools besides, bulk loading (`BulkLoading`) and moving everything between
/// databases (`WholeCopy`). Both the SQLite file and PostgreSQL are one; the
/// command line opens one.
public typealias StorageEngine = Logbook & BulkLoading & WholeCopy
