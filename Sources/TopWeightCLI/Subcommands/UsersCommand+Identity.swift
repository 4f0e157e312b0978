import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases
#if canImport(Glibc)
import Glibc
#endif

extension UsersCommand {
    /// `topweight users pin NAME [--remove | --code]`: the member's own PIN for a kiosk.
    struct Pin: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pin",
            abstract: "Give a member a PIN of 4 to 8 digits to type after their name at a kiosk (or --remove it, or print a --code). Needs the admin PIN.",
            discussion: """
                On a terminal the PIN is typed twice without echo; piped, the lines are: the admin PIN (when one is set), the \
                member's PIN. Stored salted and hashed as the admin PIN is. --code prints a one-time enrolment code instead, \
                shown only this once and kept hashed: the member types it at a kiosk after their name, then chooses their own \
                PIN. It is valid for one use within the hours 'topweight admin enrolment-hours' says (24 unless changed), and \
                a new one replaces it. Example: topweight users pin Ana, topweight users pin Bo --code
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Their name.") var name: String
        @Flag(help: "Take the member's PIN away.") var remove = false
        @Flag(help: "Print a one-time enrolment code with which the member chooses their own PIN at a kiosk.") var code = false

        func run() throws {
            try reportingFailures {
                if code {
                    if remove { throw Failure.input("--remove takes no --code") }
                    let (opened, member) = try UsersCommand.memberToChange(name, global: global)
                    let (printed, until) = try opened.identification.issueCode(for: member, now: Date())
                    let shown = TerminalText.safe(member.name)
                    let ends = DataFormats.timestamp(until, timeZone: .current)
                    print("Enrolment code for \(shown): \(printed)")
                    print("Valid once, until \(ends). At a kiosk: type \(shown), then the code at the PIN prompt, then choose a PIN.")
                    return
                }
                try UsersCommand.changeSecret(of: name, global: global, remove: remove, said: (" has no PIN now.", " has a PIN now."),
                                              store: { try $0.setPin($1, of: $2) }) { shown in
                    guard let pin = try SecretInput.read(prompt: "New PIN for \(shown): ") else { throw Failure.input("no PIN was given") }
                    if let problem = MemberPinRule.problem(with: pin) { throw Failure.input("\(problem); nothing was changed") }
                    if isatty(STDIN_FILENO) == 1 {
                        guard try SecretInput.read(prompt: "Again: ") == pin else { throw Failure.input("the two PINs differ; nothing was changed") }
                    }
                    return pin
                }
            }
        }
    }

    /// `topweight users card NAME [--number N | --remove]`: the member's card.
    struct Card: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "card",
            abstract: "Give a member a card: scan it when asked, or --number N (or --remove theirs). Needs the admin PIN.",
            discussion: """
                A card reader types the card's number and Enter: on a terminal it is read without echo; piped, the lines are: \
                the admin PIN (when one is set), the card's number. Only a keyed hash is stored; the number is never shown \
                or exported. A card's number has at least 8 digits (more where 'topweight admin cards --min-digits N' says). \
                --number puts the number in the shell's history: prefer the scan. Example: topweight users card Ana
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Their name.") var name: String
        @Option(help: ArgumentHelp("The card's number, instead of a scan.", valueName: "digits")) var number: String?
        @Flag(help: "Take the member's card away.") var remove = false

        func run() throws {
            try reportingFailures {
                if remove, number != nil { throw Failure.input("--remove takes no --number") }
                if let number, let problem = CardNumber.problem(with: number) { throw Failure.input("\(problem); nothing was changed") }
                try UsersCommand.changeSecret(of: name, global: global, remove: remove, said: (" has no card now.", "'s card is registered."),
                                              store: { try $0.setCard($1, of: $2) }) { shown in
                    guard let card = try number ?? SecretInput.read(prompt: "Scan \(shown)'s card: ").map({ $0.trimmingWhitespace() }) else {
                        throw Failure.input("no card was scanned")
                    }
                    if let problem = CardNumber.problem(with: card) { throw Failure.input("\(problem); nothing was changed") }
                    return card
                }
            }
        }
    }

    /// `topweight users coach NAME [--remove]`: a coach sees every member's training at a kiosk.
    struct Coach: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "coach",
            abstract: "Mark a member a coach (or --remove it): once identified at a kiosk, they may look at any member's training and log for them. Needs the admin PIN.",
            discussion: "Private members stay hidden from coaches unless 'topweight admin coaches-see-private on'. Example: topweight users coach Bo"
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Their name.") var name: String
        @Flag(help: "No longer a coach.") var remove = false

        func run() throws {
            try reportingFailures {
                let (opened, member) = try UsersCommand.memberToChange(name, global: global)
                try opened.identification.setCoach(member, !remove)
                print(remove ? "\(TerminalText.safe(member.name)) is no longer a coach." : "\(TerminalText.safe(member.name)) is a coach.")
            }
        }
    }

    /// A member's PIN or card (what `store` keeps) taken away, or set to
    /// what `read` asks for, given the member's name as shown; then the line
    /// that says which (`said`: after the name, taken away or set).
    static func changeSecret(of name: String, global: GlobalOptions, remove: Bool, said: (removed: String, set: String),
                             store: (Identification, String?, User) throws -> Void, read: (String) throws -> String) throws {
        let (opened, member) = try memberToChange(name, global: global)
        let shown = TerminalText.safe(member.name)
        let secret = remove ? nil : try read(shown)
        try store(opened.identification, secret, member)
        print(shown + (secret == nil ? said.removed : said.set))
    }

    /// The member `name` names, found before the admin PIN is asked (a typo costs nothing), then the PIN.
    static func memberToChange(_ name: String, global: GlobalOptions) throws -> (UseCases, User) {
        let valid = try AddCommand.valid(name, kind: .user)
        let opened = try global.open()
        let member = try opened.workouts.member(named: valid)
        try AdminGate.require(opened.admin)
        return (opened, member)
    }
}
