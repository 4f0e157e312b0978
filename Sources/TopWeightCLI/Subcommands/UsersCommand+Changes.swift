import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightStore

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
                let store = try global.openStore()
                guard let member = try store.user(named: old) else {
                    throw Failure.input("no member named \(old); 'topweight users' lists them")
                }
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
                let store = try global.openStore()
                guard let member = try store.user(named: valid) else {
                    throw Failure.input("no member named \(valid); 'topweight users' lists them")
                }
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
            let number = try RecordNumber.parse(id)
            let store = try global.openStore()
            guard let record = try store.record(id: number), record.deletedAt == nil else {
                throw Failure.input("no record #\(number); 'topweight history' shows them")
            }
            try AdminGate.require(store)
            try store.deleteRecord(id: number)
            print("Deleted #\(number)  \(TerminalText.safe(record.user)) · \(TerminalText.safe(record.exercise)) · \(record.values.description)")
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
            let number = try RecordNumber.parse(id)
            let store = try global.openStore()
            guard let record = try store.record(id: number), record.deletedAt != nil else {
                throw Failure.input("no deleted record #\(number); 'topweight history --deleted' lists them")
            }
            try AdminGate.require(store)
            _ = try store.restoreRecord(id: number)
            print("Restored #\(number)  \(TerminalText.safe(record.user)) · \(TerminalText.safe(record.exercise)) · \(record.values.description)")
        }
    }
}

/// A record number as typed: `42` or `#42`.
enum RecordNumber {
    static func parse(_ text: String) throws -> Int64 {
        guard let number = Int64(text.hasPrefix("#") ? String(text.dropFirst()) : text), number > 0 else {
            throw Failure.input("the id must be a record number (e.g. 42)")
        }
        return number
    }
}
