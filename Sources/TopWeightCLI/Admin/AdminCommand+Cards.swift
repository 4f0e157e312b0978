import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightUseCases

extension AdminCommand {
    /// `topweight admin cards [--min-digits N] [--pin on|off]`: what a member card must be.
    struct Cards: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cards",
            abstract: "Show or change what a member card must be: its fewest digits, and whether the member's PIN follows it. Changing it needs the admin PIN.",
            discussion: """
                A card's number has at least \(CardRules.shortest) digits; --min-digits raises that for cards given from now \
                on, and a card registered shorter stops starting a turn (register a new one with 'topweight users card'). \
                --pin on: a scanned card starts its member's turn only once they type their PIN after it (for cards \
                numbered in sequence, which are guessed whatever the wait; members without a PIN need one from the desk); \
                at a kiosk under 'card' a typed name and PIN are then refused. See docs/KIOSK.md.
                """
        )

        @OptionGroup var global: GlobalOptions
        @Option(name: .customLong("min-digits"), help: "The fewest digits, \(CardRules.shortest) to \(CardNumber.lengths.upperBound).") var minDigits: Int?
        @Option(help: "on: the member's PIN after their card; off: the card alone.") var pin: String?

        func validate() throws {
            if let minDigits, !(CardRules.shortest...CardNumber.lengths.upperBound).contains(minDigits) {
                throw ValidationError("--min-digits is \(CardRules.shortest) to \(CardNumber.lengths.upperBound)")
            }
            if let pin, !["on", "off"].contains(pin.lowercased()) { throw ValidationError("--pin is on or off") }
        }

        func run() throws {
            try reportingFailures {
                let opened = try global.open()
                var rules = try opened.identification.cardRules()
                if minDigits != nil || pin != nil {
                    try AdminGate.require(opened.admin)
                    if let minDigits { rules.minDigits = minDigits }
                    if let pin { rules.withPin = pin.lowercased() == "on" }
                    try opened.identification.setCardRules(rules)
                }
                print("A card's number has at least \(rules.minDigits) digits.")
                print(rules.withPin ? "A card starts its member's turn once they type their PIN after it." : "A card alone starts its member's turn.")
            }
        }
    }
}
