import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightUseCases

extension UsersCommand {
    /// `topweight users private NAME`: the member appears nowhere on the
    /// gym's board; `topweight users public NAME`: back on it. One command,
    /// `Side` says which.
    struct Privacy<Side: BoardSide>: ParsableCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(commandName: Side.name, abstract: Side.abstract, discussion: "Example: topweight users \(Side.name) Ana")
        }

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Their name.") var name: String

        func run() throws {
            try reportingFailures { try UsersCommand.setPrivacy(name, Side.isPrivate, global: global) }
        }
    }

    typealias Private = Privacy<OffTheBoard>
    typealias Public = Privacy<OnTheBoard>

    static func setPrivacy(_ name: String, _ isPrivate: Bool, global: GlobalOptions) throws {
        let (opened, member) = try memberToChange(name, global: global)
        try opened.workouts.setPrivate(member, isPrivate)
        let shown = TerminalText.safe(member.name)
        print(isPrivate ? "\(shown) is private: nowhere on the gym's board" : "\(shown) shows on the gym's board")
    }
}

/// Which way `users private` and `users public` set a member.
protocol BoardSide {
    static var name: String { get }
    static var abstract: String { get }
    static var isPrivate: Bool { get }
}

enum OffTheBoard: BoardSide {
    static let name = "private"
    static let abstract = "Keep a member off the gym's board (members say :private on themselves). Needs the admin PIN when one is set."
    static let isPrivate = true
}

enum OnTheBoard: BoardSide {
    static let name = "public"
    static let abstract = "Put a member back on the gym's board. Needs the admin PIN when one is set."
    static let isPrivate = false
}
