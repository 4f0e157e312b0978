import Foundation

/// Which of the gym's own texts: a routine's exercises (`Routine.storedExercises`)
/// or a program's YAML (`StoredProgram.source`).
public enum NamedTextKind: Sendable {
    case routines
    case programs
}

/// How an engine keeps the gym's own texts by name: one row a name (found
/// by `NameRules.key`, so `Push Day` and `push day` are one), its text
/// saved over when the name comes again. An engine that keeps them so gets
/// the programs of `ProgramShelf` and the routines of `TrainingDiary` from
/// here, the same on every engine.
public protocol NamedTexts: AnyObject, Sendable {
    /// Every name and its text, in name order (by code point).
    func namedTexts(_ kind: NamedTextKind) throws(LogbookError) -> [(name: String, text: String)]
    /// Keeps `text` under `name`, over the text of the same name if there is
    /// one (which then takes this spelling); whether there was.
    func saveNamedText(_ kind: NamedTextKind, name: String, text: String, now: Date) throws(LogbookError) -> Bool
    /// Removes the text of that name; whether there was one.
    func removeNamedText(_ kind: NamedTextKind, name: String) throws(LogbookError) -> Bool
}

extension ProgramShelf where Self: NamedTexts {
    public func storedPrograms() throws(LogbookError) -> [StoredProgram] {
        try namedTexts(.programs).map { StoredProgram(name: $0.name, source: $0.text) }
    }

    public func saveProgram(_ program: StoredProgram, now: Date) throws(LogbookError) -> Bool {
        try saveNamedText(.programs, name: program.name, text: program.source, now: now)
    }

    public func removeProgram(named name: String) throws(LogbookError) -> Bool {
        try removeNamedText(.programs, name: name)
    }
}

extension TrainingDiary where Self: NamedTexts {
    /// A row whose text is not what `storedExercises` writes (another tool's) is left out.
    public func routines() throws(LogbookError) -> [Routine] {
        try namedTexts(.routines).compactMap { Routine(name: $0.name, storedExercises: $0.text) }
    }

    public func saveRoutine(_ routine: Routine, now: Date) throws(LogbookError) -> Bool {
        try saveNamedText(.routines, name: routine.name, text: routine.storedExercises, now: now)
    }

    public func removeRoutine(named name: String) throws(LogbookError) -> Bool {
        try removeNamedText(.routines, name: name)
    }
}
