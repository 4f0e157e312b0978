import Foundation
import TopWeightCore
import TopWeightStore
import TopWeightUseCases

/// `search` over the million-record file, for the members in turn from the
/// one in the middle by record count up to the one with the most.
final class SearchReader {
    let search: Search
    let members: [User]
    let now = Date()

    init(path: String) throws {
        let store = try WorkoutStore(path: path)
        let everyone = try store.users().sorted { $0.records < $1.records }.map(\.user)
        guard !everyone.isEmpty else { throw Fixtures.FixtureError(message: "no members in \(path)") }
        members = Array(everyone[(everyone.count / 2)...])
        search = Search(LogbookRoles(store), catalog: Fixtures.catalog(), zone: { .current })
    }
}
