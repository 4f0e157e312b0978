import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightUseCases

extension UsersCommand {
    /// `topweight users private NAME`: the member appears nowhere on the gym's board.
    struct Private: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "private",
            abstract: "Keep a member off the gym's board (members say :private on themselves). Needs the admin PIN when one is set.",
            discussion: "Example: topweight users private Ana"
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Their name.") var name: String

        func run() throws {
            try reportingFailures { try UsersCommand.setPrivacy(name, true, global: global) }
        }
    }

    /// `topweight users public NAME`: back on the board.
    struct Public: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "public",
            abstract: "Put a member back on the gym's board. Needs the admin PIN when one is set.",
            discussion: "Example: topweight users public Ana"
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Their name.") var name: String

        func run() throws {
            try reportingFailures { try UsersCommand.setPrivacy(name, false, global: global) }
        }
    }

    static func setPrivacy(_ name: String, _ isPrivate: Bool, global: GlobalOptions) throws {
        let valid = try AddCommand.valid(name, kind: .user)
        let opened = try global.open()
        let member = try opened.workouts.member(named: valid)
        try AdminGate.require(opened.admin)
        try opened.workouts.setPrivate(member, isPrivate)
        let shown = TerminalText.safe(member.name)
        print(isPrivate ? "\(shown) is private: nowhere on the gym's board" : "\(shown) shows on the gym's board")
    }
}
