import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightStore
import TopWeightUseCases

extension UsersCommand {
    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename a member; their records follow. Needs the admin PIN when one is set.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Current name.") var name: String
        @Argument(help: "New name.") var newName: String

        func run() throws {
            try reportingFailures {
                let old = try AddCommand.valid(name, kind: .user)
                let new = try AddCommand.valid(newName, kind: .user)
                let workouts = try global.openWorkouts()
                let store = workouts.logbook
                let member = try workouts.member(named: old)
                try AdminGate.require(store)
                let renamed = try store.renameUser(member, to: new)
                print("Renamed \(TerminalText.safe(member.name)) to \(TerminalText.safe(renamed.name))")
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a member who has no records. Needs the admin PIN when one is set.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Their name.") var name: String

        func run() throws {
            try reportingFailures {
                let valid = try AddCommand.valid(name, kind: .user)
                let workouts = try global.openWorkouts()
                let store = workouts.logbook
                let member = try workouts.member(named: valid)
                try AdminGate.require(store)
                try store.removeUser(member)
                print("Removed \(TerminalText.safe(member.name))")
            }
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
            try RecordNumber.change(id, global: global, deleted: false, done: "Deleted") { store, number in
                _ = try store.deleteRecord(id: number)
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
            try RecordNumber.change(id, global: global, deleted: true, done: "Restored") { store, number in
                _ = try store.restoreRecord(id: number)
            }
        }
    }
}

/// A record number as typed: `42` or `#42`.
enum RecordNumber {
    /// Finds record `text` (live, or deleted when `deleted`), asks for the PIN,
    /// runs `change` and prints `done #N  …`.
    static func change(_ text: String, global: GlobalOptions, deleted: Bool, done: String,
                       _ change: (any StorageEngine, Int64) throws -> Void) throws {
        let number = try parse(text)
        let store = try global.openStore()
        guard let record = try store.record(id: number), (record.deletedAt != nil) == deleted else {
            throw Failure.input(deleted ? "no deleted record #\(number); 'topweight history --deleted' lists them"
                                        : "no record #\(number); 'topweight history' shows them")
        }
        try AdminGate.require(store)
        try change(store, number)
        print("\(done) #\(number)  \(TerminalText.safe(record.user)) · \(TerminalText.safe(record.exercise)) · \(record.values.description)")
    }

    static func parse(_ text: String) throws -> Int64 {
        guard let number = Int64(text.hasPrefix("#") ? String(text.dropFirst()) : text), number > 0 else {
            throw Failure.input("the id must be a record number (e.g. 42)")
        }
        return number
    }
}
