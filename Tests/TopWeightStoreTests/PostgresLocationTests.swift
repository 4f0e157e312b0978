import Testing
import TopWeightCore
import TopWeightPostgres

@Suite("PostgreSQL URLs")
struct PostgresLocationTests {
    @Test("user, password, host, port, database and sslmode are read; the password never shows")
    func full() throws {
        let location = try PostgresLocation("postgres://gym:s%40cret@db.example:6543/top%20weight?sslmode=verify-full", environment: [:])
        #expect(location.user == "gym")
        #expect(location.password == "s@cret")
        #expect(location.host == "db.example")
        #expect(location.port == 6543)
        #expect(location.database == "top weight")
        #expect(location.tls == .verifyFull)
        #expect(!location.redacted.contains("cret"))
        #expect(location.redacted == "postgres://gym@db.example:6543/top weight")
    }

    @Test("the password comes from PGPASSWORD when the URL has none; defaults are port 5432 and sslmode prefer")
    func defaults() throws {
        let location = try PostgresLocation("postgresql://gym@db/topweight", environment: ["PGPASSWORD": "from-env"])
        #expect(location.password == "from-env")
        #expect(location.port == 5432)
        #expect(location.tls == .prefer)
        let own = try PostgresLocation("postgres://gym:url@db/topweight", environment: ["PGPASSWORD": "from-env"])
        #expect(own.password == "url", "the URL's own password wins")
    }

    @Test("host= names a socket directory")
    func socket() throws {
        let location = try PostgresLocation("postgres://gym@/topweight?host=/var/run/postgresql", environment: [:])
        #expect(location.socketDirectory == "/var/run/postgresql")
        #expect(location.redacted.hasSuffix("?host=/var/run/postgresql"))
    }

    @Test("what can't be used is refused in one line", arguments: [
        "postgres://db/topweight", "postgres://gym@db/", "postgres://gym@db/a?sslmode=sometimes",
        "postgres://gym@db/a?host=relative", "postgres://gym@db/a?application_name=x", "mysql://gym@db/a",
    ])
    func refused(url: String) {
        #expect(throws: LogbookError.self) { try PostgresLocation(url, environment: [:]) }
    }
}
