import Foundation
import Testing

/// The real exports from other apps (Strong, Hevy, FitNotes, StrongLifts) that
/// tests read. They live beside the checkout, as CI lays it out
/// (`../shared/data/exports`), never inside it and never at one machine's
/// absolute path; a test that needs them is disabled with `absentNote` when
/// they are not there, so the run's output says why it did not run.
public enum SharedExports {
    /// The checkout's root, found from this file's place in it.
    public static let checkout: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TopWeightTestSupport
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()

    /// `../shared/data/exports/` beside the checkout, with its trailing slash.
    public static let directory: String = checkout
        .deletingLastPathComponent()
        .appendingPathComponent("shared/data/exports", isDirectory: true)
        .standardizedFileURL.path + "/"

    /// Whether the exports are there to read.
    public static var present: Bool { FileManager.default.fileExists(atPath: directory) }

    /// The full path of one export, `strong/NAME.csv` for example.
    public static func path(_ file: String) -> String { directory + file }

    /// What a test disabled for want of the exports says in the run's output.
    public static var absentNote: Comment {
        Comment(rawValue: "the real exports are not at \(directory) (../shared/data/exports beside the checkout)")
    }
}
