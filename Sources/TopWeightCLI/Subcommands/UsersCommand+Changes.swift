import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightUseCases

extension UsersCommand {
    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a member; their records follow. Needs the admin PIN when one is set.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Current name.") var name: String
        @Argument(help: "New name.") var newName: String

        func run() throws {
            try reportingFailures {
                let old = try AddCommand.valid(name, kind: .user)
                let new = try AddCommand.valid(newName, kind: .user)
                let opened = try global.open()
                let member = try opened.workouts.member(named: old)
                try AdminGate.require(opened.admin)
                let renamed = try opened.workouts.rename(member, to: new)
                print("Renamed \(TerminalText.safe(member.name)) to \(TerminalText.safe(renamed.name))")
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a member whose sets are all deleted. Needs the admin PIN when one is set.",
            discussion: """
                A member with live sets is refused: delete them first ('topweight delete ID'). Their \
                deleted sets (tombstones), days' notes and body weights go with them, for good, after \
                a y/N question on a terminal, or with --yes.
                Example: topweight users remove Ana --yes
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Their name.") var name: String
        @Flag(help: "Remove their deleted sets, notes and body weights with them without asking.") var yes = false

        func run() throws {
            try reportingFailures {
                let valid = try AddCommand.valid(name, kind: .user)
                let opened = try global.open()
                let member = try opened.workouts.member(named: valid)
                let shown = TerminalText.safe(member.name)
                let belongings = try opened.workouts.belongings(of: member)
                if belongings.liveSets > 0 {
                    throw Failure.input("\(shown) has \(Self.count(belongings.liveSets, "live set record")); delete them first "
                        + "('topweight history --user \(ShellWord.quoted(shown))' shows their ids, 'topweight delete ID' deletes one), or keep the member")
                }
                let going = Self.going(belongings)
                if !going.isEmpty, !yes {
                    guard isatty(STDIN_FILENO) == 1 else {
                        throw Failure.input("\(shown) has \(going); add --yes to remove them with the member, for good")
                    }
                    FileHandle.standardError.write(Data("Remove \(shown) with \(going), for good? [y/N] ".utf8))
                    guard let answer = Swift.readLine(), ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased()) else {
                        throw Failure.cancelled
                    }
                }
                try AdminGate.require(opened.admin)
                try opened.workouts.remove(member)
                print("Removed \(shown)" + (going.isEmpty ? "" : " with \(going)"))
            }
        }

        /// What goes with the member: `6 deleted set records, 2 days' notes and 1 body weight`, or empty.
        static func going(_ belongings: Workouts.MemberBelongings) -> String {
            let days = belongings.days
            var parts: [String] = []
            if belongings.deletedSets > 0 { parts.append(count(belongings.deletedSets, "deleted set record")) }
            if days > 0 { parts.append(days == 1 ? "1 day's note and routine" : "\(days) days' notes and routines") }
            if belongings.bodyWeights > 0 { parts.append(count(belongings.bodyWeights, "body weight")) }
            guard let last = parts.popLast() else { return "" }
            return parts.isEmpty ? last : parts.joined(separator: ", ") + " and " + last
        }

        static func count(_ number: Int, _ noun: String) -> String {
            "\(number) \(noun)\(number == 1 ? "" : "s")"
        }
    }
}

/// `topweight delete ID`: deletes one record, anybody's, with the admin PIN,
/// leaving a tombstone that `topweight restore ID` brings back.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete one record by its #id (kept as a tombstone; 'restore' brings it back). Needs the admin PIN when one is set."
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The record's id, as shown after Saved (#42 or 42).") var id: String

    func run() throws {
        try reportingFailures {
            try RecordNumber.change(id, global: global, done: "Deleted", find: { try $0.recordToDelete(id: $1) }) { workouts, found in
                try workouts.deleteRecord(found, now: Date())
            }
        }
    }
}

/// `topweight restore ID`: brings a deleted record back, with the admin PIN.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Bring back a deleted record by its #id ('history --deleted' lists them). Needs the admin PIN when one is set."
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The record's id (#42 or 42).") var id: String

    func run() throws {
        try reportingFailures {
            try RecordNumber.change(id, global: global, done: "Restored", find: { try $0.recordToRestore(id: $1) }) { workouts, found in
                try workouts.restoreRecord(found)
            }
        }
    }
}

/// A record number as typed: `42` or `#42`.
enum RecordNumber {
    /// Finds record `text` as `find` wants it (live to delete, deleted to
    /// restore), asks for the PIN, runs `change` on the record found (that
    /// one, by its uid too) and prints `done #N  …`; refused when it changed
    /// nothing (the record is another's, or was changed, meanwhile).
    static func change(_ text: String, global: GlobalOptions, done: String,
                       find: (Workouts, Int64) throws -> WorkoutRecord,
                       _ change: (Workouts, WorkoutRecord) throws -> Bool) throws {
        let number = try parse(text)
        let opened = try global.open()
        let record = try find(opened.workouts, number)
        try AdminGate.require(opened.admin)
        guard try change(opened.workouts, record) else {
            throw WorkoutsError.notFound("#\(number) changed meanwhile; nothing was done ('topweight history' shows it now)")
        }
        print("\(done) #\(number)  \(TerminalText.safe(record.user)) · \(TerminalText.safe(record.exercise)) · \(record.values.description)")
    }

    static func parse(_ text: String) throws -> Int64 {
        guard let number = Int64(text.hasPrefix("#") ? String(text.dropFirst()) : text), number > 0 else {
            throw Failure.input("the id must be a record number (e.g. 42)")
        }
        return number
    }
}
