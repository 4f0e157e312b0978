import TopWeightCore
import ArgumentParser
import Foundation
import TopWeightUseCases
import TopWeightText

/// `topweight check`: is the file healthy, and what is in it.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the database: integrity, schema version and counts."
    )

    @OptionGroup var global: GlobalOptions
    @Option(help: "Output: text or json.") var format: LogFormat = .text

    func run() throws {
        try reportingFailures {
            // A PostgreSQL terminal's kept sets: counted first (the server may be
            // away), sent by the opening, counted again.
            let keptBefore = OutboxCommand.waiting(global)
            let uses: UseCases
            do {
                uses = try global.open()
            } catch {
                if let keptBefore, keptBefore > 0 {
                    print("outbox        \(Self.sets(keptBefore)) kept on this terminal, not sent: the server is away ('topweight outbox' lists \(keptBefore == 1 ? "it" : "them"))")
                }
                throw error
            }
            let health = try uses.workouts.health()
            let kept = keptBefore.map { ($0, OutboxCommand.waiting(global) ?? 0) }
            // Taken (read and reset) only from a healthy file that saves; else left for the next check.
            let counts = health.integrity == "ok" && health.savingFault == nil ? try? uses.identification.takeCounts() : nil
            if format == .json {
                print(Self.json(health, database: global.databaseShown, outbox: kept.map { (waiting: $0.1, sent: max(0, $0.0 - $0.1)) },
                                counts: counts))
                if health.integrity != "ok" { throw Failure.database(LogbookError(.corrupt, "integrity check failed: \(health.integrity)")) }
                if let fault = health.savingFault { throw Failure.database(fault) }
                return
            }
            print("topweight     \(TopWeightVersion.current)")
            print("database      \(TerminalText.safe(global.databaseShown))")
            print("integrity     \(health.integrity)")
            print("schema        \(health.schemaVersion) (\(health.appliedMigrations) of \(health.knownMigrations) migrations)")
            print("journal       \(health.journalMode)")
            if let fault = health.savingFault { print("saving        refused: \(TerminalText.safe(fault.message))") }
            print("users         \(health.users)")
            print("exercises     \(health.exercises)")
            print("records       \(health.records)")
            print("deleted       \(health.tombstones) (tombstones; 'history --deleted', 'restore ID')")
            if let counts { print("kiosks        " + Self.countsLine(counts)) }
            // Only when sets were kept: what was sent now, and what still waits.
            if let (before, after) = kept, let line = Self.outboxLine(sent: max(0, before - after), waiting: after) {
                print("outbox        " + line)
            }
            if !health.recordsOutOfRange.isEmpty {
                let shown = health.recordsOutOfRange.prefix(20).map { "#\($0)" }.joined(separator: " ")
                let more = health.recordsOutOfRange.count > 20 ? " …" : ""
                print("out of range  \(health.recordsOutOfRange.count) record(s) hold numbers Top Weight never writes, left out of history: \(shown)\(more)")
            }
            if health.integrity != "ok" { throw Failure.database(LogbookError(.corrupt, "integrity check failed: \(health.integrity)")) }
            // Readable, but no set can be saved (a full disk, a read-only file): a problem all the same.
            if let fault = health.savingFault { throw Failure.database(fault) }
        }
    }

    /// `2 sets kept on this terminal sent now; 1 still waits (…)`; `nil` when none were sent and none wait.
    static func outboxLine(sent: Int, waiting: Int) -> String? {
        let lists = "('topweight outbox' lists \(waiting == 1 ? "it" : "them"))"
        let still = "\(waiting) still \(waiting == 1 ? "waits" : "wait") \(lists)"
        switch (sent, waiting) {
        case (0, 0): return nil
        case (0, _): return "\(sets(waiting)) \(waiting == 1 ? "waits" : "wait") on this terminal, none sent now \(lists)"
        case (_, 0): return "\(sets(sent)) kept on this terminal sent now"
        default: return "\(sets(sent)) kept on this terminal sent now; \(still)"
        }
    }

    /// `4 unknown cards scanned, 1 wrong member PIN since the last check`.
    static func countsLine(_ counts: (unknownScans: Int, wrongPins: Int)) -> String {
        let cards = "\(counts.unknownScans) unknown card\(counts.unknownScans == 1 ? "" : "s") scanned"
        let pins = "\(counts.wrongPins) wrong member PIN\(counts.wrongPins == 1 ? "" : "s")"
        return "\(cards), \(pins) since the last check"
    }

    /// `1 set`, `3 sets`.
    static func sets(_ count: Int) -> String {
        "\(count) set\(count == 1 ? "" : "s")"
    }

    /// `{"database", "integrity", "schema", "appliedMigrations", "knownMigrations", "journal",
    /// "users", "exercises", "records", "deleted", "recordsOutOfRange", "savingFault"}`: what the
    /// text says (`savingFault` is null while sets can be saved); on a PostgreSQL terminal,
    /// `"outbox": {"waiting", "sent"}` besides; `unknownCardScans` and
    /// `wrongMemberPins` since the last check, at every terminal (reset by
    /// reading them; absent when the file can't be written).
    static func json(_ health: StoreHealth, database: String, outbox: (waiting: Int, sent: Int)? = nil,
                     counts: (unknownScans: Int, wrongPins: Int)? = nil) -> String {
        let waiting = outbox.map { [("outbox", DataFormats.jsonObject([("waiting", String($0.waiting)), ("sent", String($0.sent))]))] } ?? []
        let counted = counts.map { [("unknownCardScans", String($0.unknownScans)), ("wrongMemberPins", String($0.wrongPins))] } ?? []
        return DataFormats.jsonObject([
            ("version", DataFormats.json(TopWeightVersion.current)),
            ("database", DataFormats.json(database)), ("integrity", DataFormats.json(health.integrity)),
            ("schema", DataFormats.json(health.schemaVersion)), ("appliedMigrations", String(health.appliedMigrations)),
            ("knownMigrations", String(health.knownMigrations)), ("journal", DataFormats.json(health.journalMode)),
            ("users", String(health.users)), ("exercises", String(health.exercises)), ("records", String(health.records)),
            ("deleted", String(health.tombstones)),
            ("recordsOutOfRange", "[" + health.recordsOutOfRange.map(String.init).joined(separator: ",") + "]"),
            ("savingFault", health.savingFault.map { DataFormats.json($0.message) } ?? "null"),
        ] + counted + waiting)
    }
}
