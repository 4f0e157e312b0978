import TopWeightCore
import TopWeightStore

/// A logbook that lives in memory: the SQLite store on an in-memory database,
/// every migration applied, nothing on disk; for tests of the flow and the use cases.
public enum InMemoryLogbook {
    public static func make() throws(LogbookError) -> any Logbook {
        try WorkoutStore.inMemory()
    }
}
