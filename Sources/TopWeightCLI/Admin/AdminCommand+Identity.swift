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
                pin: a name, then the member's own PIN (a member without one chooses it at their first turn).
                card: a scanned card (a member with a PIN may type their name, then the PIN).
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
                    let current = try global.open().identification.policy()
                    print("Members identify by \(Self.described(current)) at a kiosk.")
                    return
                }
                guard let chosen = IdentityPolicy(rawValue: typed.lowercased()) else {
                    throw Failure.input("say name, pin or card (e.g. topweight admin identity card)")
                }
                let opened = try global.open()
                try AdminGate.require(opened.admin)
                try opened.identification.setPolicy(chosen)
                print("Members identify by \(Self.described(chosen)) at a kiosk from now on.")
            }
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
