import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightUseCases

extension AdminCommand {
    /// `topweight admin coaches-see-private [on|off]`: whether a coach at a
    /// kiosk sees the training of members who keep it private.
    struct CoachesSeePrivate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "coaches-see-private",
            abstract: "Say or set whether coaches at a kiosk see private members' training: off (the default) or on. Changing it needs the admin PIN.",
            discussion: """
                Under pin and card a coach who identified sees any member's sets, notes, PRs, charts and calendar, \
                and logs for them with :user NAME. A private member ('topweight users private NAME', ':private on') \
                is kept from coaches too unless this is on: ':user NAME' of them is refused and ':history all' \
                leaves them out. See docs/KIOSK.md.
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "on or off; without it, the one in force.") var choice: String?

        func run() throws {
            try reportingFailures {
                let opened = try global.open()
                if let typed = choice {
                    guard let allowed = ["on": true, "off": false][typed.lowercased()] else {
                        throw Failure.input("say on or off (e.g. topweight admin coaches-see-private off)")
                    }
                    try AdminGate.require(opened.admin)
                    try opened.identification.setCoachesSeePrivate(allowed)
                }
                print(Self.described(try opened.identification.coachesSeePrivate()))
            }
        }

        static func described(_ allowed: Bool) -> String {
            allowed
                ? "Coaches see private members' training at a kiosk: on (their sets, notes, PRs, charts and calendar, and :user NAME logs for them)."
                : "Coaches see private members' training at a kiosk: off (a private member is hidden from coaches as from every other member)."
        }
    }
}
