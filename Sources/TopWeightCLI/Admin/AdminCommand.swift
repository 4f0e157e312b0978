import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightUseCases

/// `topweight admin`: the PIN that guards a shared terminal.
struct AdminCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin",
        abstract: "Set or clear the admin PIN that guards renames, removals, deletions and leaving a kiosk; how members identify, what a card needs and whether coaches see private members; the gym's plates; when the report calls a member quiet.",
        subcommands: [SetPin.self, ClearPin.self, Unlock.self, Identity.self, Cards.self, CoachesSeePrivate.self, Plates.self, Nudge.self, InactiveAfter.self, EnrolmentHours.self]
    )

    struct SetPin: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set-pin",
            abstract: "Set the admin PIN (asks for the current one first). Stored salted and hashed, never in plain text.",
            discussion: "On a terminal the PIN is typed twice without echo; piped, the lines are: current PIN (when one is set), new PIN."
        )

        @OptionGroup var global: GlobalOptions

        func run() throws {
            try reportingFailures {
                // A new kiosk's first step may be its PIN, before anyone logs a set.
                let admin = try global.open(create: true).admin
                try AdminGate.require(admin)
                guard let pin = try SecretInput.read(prompt: "New admin PIN: ") else {
                    throw Failure.input("no PIN was given")
                }
                if let problem = AdminPinRule.problem(with: pin) { throw Failure.input(problem) }
                if isatty(STDIN_FILENO) == 1 {
                    guard try SecretInput.read(prompt: "Again: ") == pin else {
                        throw Failure.input("the two PINs differ; nothing was changed")
                    }
                }
                try admin.setPin(pin)
                print("Admin PIN set.")
            }
        }
    }

    struct ClearPin: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear-pin",
            abstract: "Remove the admin PIN (asks for it first)."
        )

        @OptionGroup var global: GlobalOptions

        func run() throws {
            try reportingFailures {
                let admin = try global.open().admin
                try AdminGate.require(admin)
                try admin.clearPin()
                print("Admin PIN cleared.")
            }
        }
    }

    struct Unlock: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unlock",
            abstract: "End the wait after too many wrong PINs (for the account that owns the database; no PIN asked).",
            discussion: "The wait slows guessing at a kiosk's keyboard. Anyone who can run this can already change the database file."
        )

        @OptionGroup var global: GlobalOptions

        func run() throws {
            try reportingFailures {
                try AdminAccess.forgetWrongPins(in: global.openStore())
                print("Wrong PIN attempts forgotten; the admin PIN works again at once.")
            }
        }
    }
}
