import TopWeightCLI
import TopWeightPostgresTools

// The board serves from a PostgreSQL server too: the engine is linked here.
PostgresProgram.engine = PostgresClientEngine()
TopWeightBoardCommand.main(serving: HummingbirdBoard())
