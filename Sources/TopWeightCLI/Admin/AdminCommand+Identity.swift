import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightUseCases

extension AdminCommand {
    /// `topweight admin identity [name|pin|card]`: how members identify at a kiosk.
    struct Identity: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "identity",
            abstract: "Say or set how members identify at a kiosk: name (the default), pin or card. Changing it needs the admin PIN.",
            discussion: """
                name: a typed name is enough, and members see everybody's sets (but private members').
                pin: a name, then the member's own PIN (only a member new in that turn chooses one at the kiosk;
                anyone else gets a PIN or an enrolment code at the desk: topweight users pin NAME [--code]).
                card: a scanned card (a member with a PIN may type their name, then the PIN).
                Under pin and card, it says how many members can't identify yet (users --format json lists them).
                Under pin and card a member sees only their own sets, and a coach anybody's but private
                members' (admin coaches-see-private). A known card
                starts its member's turn under every policy. See docs/KIOSK.md.
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "name, pin or card; without it, the one in force.") var policy: String?

        func run() throws {
            try reportingFailures {
                guard let typed = policy else {
                    let opened = try global.open()
                    let current = try opened.identification.policy()
                    print("Members identify by \(Self.described(current)) at a kiosk.")
                    try Self.sayUnidentified(opened, under: current)
                    return
                }
                guard let chosen = IdentityPolicy(rawValue: typed.lowercased()) else {
                    throw Failure.input("say name, pin or card (e.g. topweight admin identity card)")
                }
                let opened = try global.open()
                try AdminGate.require(opened.admin)
                try opened.identification.setPolicy(chosen)
                print("Members identify by \(Self.described(chosen)) at a kiosk from now on.")
                try Self.sayUnidentified(opened, under: chosen)
            }
        }

        /// How many members can't start a turn under `policy` yet, and how the desk enrols them.
        static func sayUnidentified(_ opened: UseCases, under policy: IdentityPolicy) throws {
            let members = try opened.workouts.members().map(\.user)
            let missing = try opened.identification.unidentified(among: members, under: policy)
            guard !missing.isEmpty else { return }
            let count = missing.count == 1 ? "1 member has" : "\(missing.count) members have"
            let waiting = missing.filter(\.hasCode).count
            let codes = waiting == 0 ? "" : " (\(waiting) with an enrolment code not used yet)"
            print("\(count) no PIN or card yet\(codes), so can't start a turn: give each a PIN (topweight users pin NAME), "
                + "or a one-time code to choose their own at the kiosk (topweight users pin NAME --code); "
                + "topweight users --format json lists them (\"identifies\": false).")
        }

        static func described(_ policy: IdentityPolicy) -> String {
            switch policy {
            case .name: "name (typed; anybody may type anybody's)"
            case .pin: "name and their own PIN"
            case .card: "card (scanned)"
            }
        }
    }
}
