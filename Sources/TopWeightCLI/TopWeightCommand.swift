import ArgumentParser

/// `topweight`: the quick-record REPL by default, and scriptable subcommands.
public struct TopWeightCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "topweight",
        abstract: "Log weight × reps × series from the keyboard, fast.",
        discussion: """
            Without a subcommand, starts the interactive logger. The database is \
            --db PATH, else $TOPWEIGHT_DB, else $XDG_DATA_HOME/topweight/topweight.sqlite \
            (~/.local/share/topweight/topweight.sqlite).
            """,
        version: TopWeightVersion.current,
        subcommands: [
            ReplCommand.self, AddCommand.self, HistoryCommand.self, SessionsCommand.self, CalendarCommand.self, UsersCommand.self,
            ExercisesCommand.self, EditCommand.self, DeleteCommand.self, RestoreCommand.self, NoteCommand.self,
            RoutinesCommand.self, ProgramsCommand.self, TodayCommand.self, RosterCommand.self, PrsCommand.self, StatsCommand.self, ChartCommand.self, PlatesCommand.self, BodyCommand.self, SearchCommand.self,
            BoardCommand.self, ServeCommand.self,
            ReportCommand.self,
            CheckCommand.self, MigrateCommand.self, BackupCommand.self, OutboxCommand.self, AdminCommand.self, ImportCommand.self, ExportCommand.self, CopyCommand.self, DemoCommand.self, BenchCommand.self,
        ],
        defaultSubcommand: ReplCommand.self
    )

    public init() {}
}
