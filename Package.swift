// swift-tools-version:6.0
import PackageDescription

/// satwatch: zero SwiftPM package dependencies. Only the toolchain plus two system C libraries.
/// `rounded()` and friends call libm, which Foundation would otherwise pull in.
let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
    name: "satwatch",
    products: [
        .executable(name: "satwatch", targets: ["satwatch"]),
    ],
    targets: [
        // System libraries (Debian: libsqlite3-dev, libcurl4-openssl-dev).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),

        // JSON with source positions (config diagnostics) and a fast frame parser; a writer.
        .target(name: "SatwatchJSON", linkerSettings: libm),
        // Transports over libcurl: WebSocket client, HTTP client, SMTP sender.
        .target(name: "SatwatchNet", dependencies: ["CCurl"]),
        // The engine: feeds → metrics → rules → state/outbox → channels, plus commands.
        .target(name: "SatwatchKit", dependencies: ["SatwatchJSON", "SatwatchNet", "CSQLite"], linkerSettings: libm,
                plugins: ["RevisionPlugin"]),
        // Writes the git revision into SatwatchKit at build time (`satwatch --version`).
        .plugin(name: "RevisionPlugin", capability: .buildTool()),
        // Thin executable.
        .executableTarget(name: "satwatch", dependencies: ["SatwatchKit"]),

        // Benchmarks: `bench/run` builds this in release and prints a table.
        .executableTarget(name: "satwatch-bench", dependencies: ["SatwatchKit", "SatwatchJSON", "CBenchHeap"],
                          path: "bench/Sources/SatwatchBench"),
        // malloc's in-use byte count for the benchmarks' memory rows (<malloc.h> is not in Swift's Glibc).
        .target(name: "CBenchHeap", path: "bench/Sources/CBenchHeap"),

        // Fuzzing harness: `fuzz/run` builds it with libFuzzer; a plain build replays the corpus.
        .executableTarget(name: "satwatch-fuzz", dependencies: ["SatwatchKit", "SatwatchJSON", "SatwatchNet"],
                          path: "fuzz/Sources/SatwatchFuzz"),

        // Test support shared by the test targets: Python peers under Tests/Peers, paths, ports.
        .target(name: "CChildSpawn", path: "Tests/CChildSpawn"),
        .target(name: "SatwatchTestSupport", dependencies: ["CChildSpawn"], path: "Tests/SatwatchTestSupport"),
        .testTarget(name: "SatwatchJSONTests", dependencies: ["SatwatchJSON", "SatwatchTestSupport"]),
        .testTarget(name: "SatwatchNetTests", dependencies: ["SatwatchNet", "SatwatchTestSupport"]),
        .testTarget(name: "SatwatchKitTests", dependencies: ["SatwatchKit", "SatwatchJSON", "SatwatchTestSupport"],
                    exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
