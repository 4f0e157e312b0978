import Foundation
import TopWeightCore

extension HistoryImporter {
    /// The notes whose coach is a member marked a coach here (once the file's
    /// members and their access are in), and a skipped row for each other:
    /// a file can't leave a member a word in the name of somebody who isn't
    /// a coach, as `note add --coach` can't.
    func fromCoaches(_ notes: [CoachNote]) throws(TransferError) -> (kept: [CoachNote], refused: [MalformedRow]) {
        var coaches: [String: Bool] = [:]
        var kept: [CoachNote] = []
        var refused: [MalformedRow] = []
        for note in notes {
            let key = NameRules.key(note.coach)
            if coaches[key] == nil {
                let coach = try storage { () throws(LogbookError) in try engine.user(named: note.coach) }
                coaches[key] = try coach.map { coach throws(TransferError) in
                    try storage { () throws(LogbookError) in try engine.access(of: coach) }.isCoach
                } ?? false
            }
            if coaches[key] == true {
                kept.append(note)
            } else {
                refused.append(MalformedRow(place: "coach's note \(note.uid)", reason: "\(note.coach) is not a coach here"))
            }
        }
        return (kept, refused)
    }
}
