import Foundation

/// Where the database file lives when nobody says otherwise.
enum DatabaseLocation {
    static let fileName = "topweight.sqlite"

    /// The variables `resolve` reads.
    static let variables = ["TOPWEIGHT_DB", "XDG_DATA_HOME", "HOME"]

    /// `--db`, then `TOPWEIGHT_DB`, then `$XDG_DATA_HOME/topweight/`, then `~/.local/share/topweight/`.
    static func resolve(flag: String?, environment: [String: String]) -> String {
        if let flag, !flag.isEmpty { return expand(flag, environment: environment) }
        if let path = environment["TOPWEIGHT_DB"], !path.isEmpty { return expand(path, environment: environment) }
        let data: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            data = xdg
        } else {
            data = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        }
        return data + "/topweight/" + fileName
    }

    private static func expand(_ path: String, environment: [String: String]) -> String {
        guard path.hasPrefix("~/") else { return path }
        return (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst()
    }
}
