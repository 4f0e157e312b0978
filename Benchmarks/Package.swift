// swift-tools-version: 6.1
import PackageDescription

// The benchmarks, as a package of their own so that the main package's
// `swift build` and `swift test` never resolve or build the benchmark tooling.
// Run them with `Scripts/bench` from the repository root (see README, Performance).
let package = Package(
    name: "TopWeightBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "TopWeight", path: ".."),
        // The malloc interposer gives the malloc counts; the package's other
        // default trait wants a package that is not available here.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "TopWeightBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TopWeightCore", package: "TopWeight"),
                .product(name: "TopWeightStore", package: "TopWeight"),
                .product(name: "TopWeightREPL", package: "TopWeight"),
                .product(name: "TopWeightFixtures", package: "TopWeight"),
                .product(name: "TopWeightUseCases", package: "TopWeight"),
            ],
            path: "Benchmarks/TopWeightBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ]
)
