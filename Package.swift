// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "TopWeight",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "topweight", targets: ["topweight"]),
        // `topweight serve`'s web server, a program of its own that `topweight serve` runs.
        .executable(name: "topweight-board", targets: ["topweight-board"]),
        // `topweight` with the PostgreSQL client linked in, which `topweight` runs for a postgres:// database.
        .executable(name: "topweight-postgres", targets: ["topweight-postgres"]),
        .library(name: "TopWeightCore", targets: ["TopWeightCore"]),
        .library(name: "TopWeightStore", targets: ["TopWeightStore"]),
        .library(name: "TopWeightREPL", targets: ["TopWeightREPL"]),
        // The demo generator and the benchmark fixtures, for Benchmarks/.
        .library(name: "TopWeightFixtures", targets: ["TopWeightFixtures"]),
        .library(name: "TopWeightUseCases", targets: ["TopWeightUseCases"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/JohnSundell/Ink", from: "0.6.0"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // Pure domain: values, parsing, steppers, validation, grouping, display width.
        .target(name: "TopWeightCore"),

        // What both engines share and neither owns: the ranges of what is
        // stored, the admin PIN's hash and wrong-PIN counting, the PR rules in SQL form.
        .target(
            name: "TopWeightStorage",
            dependencies: [
                "TopWeightCore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),

        // The one SQLite setting Swift can't make (sqlite3_db_config is
        // variadic): connections that keep the write-ahead log when they close.
        .systemLibrary(name: "CSQLiteConfig", providers: [.apt(["libsqlite3-dev"])]),
        // SQLite's default VFS with each write-ahead-log frame written in one call.
        .target(name: "CSQLiteWAL", dependencies: ["CSQLiteConfig"]),

        // SQLite through GRDB: schema, migrations, the save path and queries.
        // GRDBSQLite is SQLite's C interface, for the background checkpointer.
        .target(
            name: "TopWeightStore",
            dependencies: [
                "TopWeightCore", "TopWeightStorage", "CSQLiteConfig", "CSQLiteWAL",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),

        // PostgreSQL through postgres-nio, behind the same Logbook seam: for
        // terminals on several machines. The async client is bridged once, here.
        .target(
            name: "TopWeightPostgres",
            dependencies: [
                "TopWeightCore", "TopWeightStorage",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // The bundled exercise catalog and starter routines (Resources/*.yaml),
        // compiled in; Yams reads a gym's own routines and catalog overrides.
        .target(
            name: "TopWeightCatalog",
            dependencies: ["TopWeightCore", "Yams"],
            path: "Resources",
            // The YAML files are compiled in by Scripts/embed-resources: no bundle beside the binary.
            exclude: ["exercises.yaml", "routines.yaml", "programs.yaml", "package"],
            sources: [
                "CatalogResource.swift", "RoutineResource.swift", "ProgramResource.swift", "ProgramResource+Limits.swift", "ProgramResource+Source.swift",
                "EmbeddedCatalog.swift", "EmbeddedRoutines.swift", "EmbeddedPrograms.swift", "AppExerciseNames.swift",
            ]
        ),

        // libedit, the BSD line editor, as a system library.
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .target(name: "LineEditor", dependencies: ["CEditLine", "TopWeightCore"]),

        // Everything printed the same way by the logger and the command line;
        // Ink parses the markdown of session notes.
        .target(name: "TopWeightText", dependencies: ["TopWeightCore", .product(name: "Ink", package: "Ink")]),

        // The use cases both front ends call: log a set, find or create, history pages, listings, the PIN.
        .target(name: "TopWeightUseCases", dependencies: ["TopWeightCore", "TopWeightCatalog"]),

        // Histories in and out: other apps' exports (Strong, Hevy, FitNotes,
        // StrongLifts) read with CSV.swift, and our own JSON, CSV and Strong files.
        .target(
            name: "TopWeightTransfer",
            dependencies: [
                "TopWeightCore", "TopWeightCatalog", "TopWeightText", "TopWeightUseCases",
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),

        // The quick-record flow as a state machine over any line source.
        .target(
            name: "TopWeightREPL",
            dependencies: ["TopWeightCore", "TopWeightCatalog", "TopWeightText", "TopWeightUseCases"]
        ),

        // Tools, not the product: the demo generator (`topweight demo`, the
        // benchmarks' big files) and the save timings (`topweight bench`,
        // the raw SQLite baseline the benchmarks compare with).
        .target(
            name: "TopWeightFixtures",
            dependencies: [
                "TopWeightCore", "TopWeightCatalog", "TopWeightStore",
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),

        // The gym's board on the web (`topweight serve`): the only target that
        // knows Hummingbird; one cached page and its JSON, redone on a change.
        // Linked into `topweight-board` alone: the logger never maps it.
        .target(
            name: "TopWeightBoardServer",
            dependencies: [
                "TopWeightCore", "TopWeightText", "TopWeightUseCases",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // Command-line interface: subcommands over the libraries. No PostgreSQL
        // client: the programs that link one hand it in (`PostgresProgram.engine`).
        .target(
            name: "TopWeightCLI",
            dependencies: [
                "TopWeightCore", "TopWeightStorage", "TopWeightStore", "TopWeightREPL", "TopWeightCatalog", "LineEditor",
                "TopWeightText", "TopWeightUseCases", "TopWeightTransfer", "TopWeightFixtures",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The tarball's programs are linked without PIE (Scripts/package); a
        // build against the shared Swift runtime (Scripts/run) stays PIE, since
        // without it the loader warns of copied references to the runtime's
        // protected functions.
        .executableTarget(name: "topweight", dependencies: ["TopWeightCLI", "TopWeightICUData"]),
        // The web server behind `topweight serve`, which runs it (exec) when it is
        // installed beside `topweight` or on PATH: Hummingbird and NIO's HTTP stay out of the logger.
        // It serves from a PostgreSQL server too, so it links that engine.
        .executableTarget(
            name: "topweight-board",
            dependencies: ["TopWeightCLI", "TopWeightBoardServer", "TopWeightPostgresTools", "TopWeightCore", "TopWeightUseCases", "TopWeightICUData"]
        ),
        // What only the programs with the PostgreSQL client link: the engine
        // handed to the command line, and `bench`'s timings on a server.
        .target(
            name: "TopWeightPostgresTools",
            dependencies: ["TopWeightCLI", "TopWeightCore", "TopWeightFixtures", "TopWeightPostgres"]
        ),
        // `topweight` with the PostgreSQL engine (postgres-nio, NIO, NIOSSL's
        // BoringSSL): what `topweight` runs (exec) for a postgres:// database,
        // found beside it or on PATH, so the logger on a file maps none of it.
        .executableTarget(
            name: "topweight-postgres",
            dependencies: ["TopWeightCLI", "TopWeightPostgresTools", "TopWeightICUData"]
        ),
        // Where a program linked with the static Swift runtime (the tarball's)
        // finds ICU's data: in a file beside it rather than 34 MB inside it.
        // Inert where ICU is a shared library (every other build).
        .target(name: "TopWeightICUData", publicHeadersPath: "."),

        // What tests (and benchmarks) drive the flow with: scripted input, a recording console, an in-memory logbook.
        // The engine list every storage test runs on (`TestEngine`), PostgreSQL included.
        .target(name: "TopWeightTestSupport", dependencies: ["TopWeightCore", "TopWeightStore", "TopWeightPostgres"]),

        .testTarget(
            name: "TopWeightCoreTests",
            dependencies: ["TopWeightCore", "TopWeightTestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        // Ink too: the Markdown export is checked to parse to the tables it means.
        .testTarget(name: "TopWeightTextTests", dependencies: ["TopWeightText", "TopWeightCore", "TopWeightTestSupport", .product(name: "Ink", package: "Ink")],
                    exclude: ["Golden"]),
        .testTarget(
            name: "TopWeightCatalogTests",
            dependencies: ["TopWeightCatalog", "TopWeightCore", "TopWeightUseCases", "TopWeightTestSupport", "Yams"]
        ),
        .testTarget(
            name: "TopWeightStoreTests",
            dependencies: [
                "TopWeightStorage", "TopWeightStore", "TopWeightPostgres", "TopWeightCore", "TopWeightUseCases", "TopWeightCatalog",
                "TopWeightTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "NIOPosix", package: "swift-nio"),
                // PropertyBased for the report's fast reading held to the whole history's.
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "TopWeightTransferTests",
            dependencies: ["TopWeightTransfer", "TopWeightStore", "TopWeightPostgres", "TopWeightCore", "TopWeightCatalog", "TopWeightTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "TopWeightREPLTests",
            // LineEditor only for the key filter's tests and one piped-input test.
            // PropertyBased for the one PR rule replayed over generated histories through the flow.
            dependencies: ["TopWeightREPL", "TopWeightStore", "TopWeightCore", "TopWeightCatalog", "TopWeightText", "TopWeightUseCases", "LineEditor",
                           "TopWeightTestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "TopWeightEndToEndTests",
            dependencies: [
                "TopWeightStore", "TopWeightPostgres", "TopWeightCore", "TopWeightTestSupport", "topweight", "topweight-board", "topweight-postgres",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ]
)
