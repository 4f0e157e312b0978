import TopWeightCLI
import TopWeightPostgresTools

// `topweight` with the PostgreSQL engine linked in: the same command line,
// which `topweight` becomes for a postgres:// database.
PostgresProgram.engine = PostgresClientEngine()
TopWeightCommand.mainWithSafeMessages()
