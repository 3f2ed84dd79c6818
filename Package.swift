// swift-tools-version:6.0
import PackageDescription

/// satwatch: zero SwiftPM package dependencies. Only the toolchain plus four system C libraries,
/// all of which libcurl loads anyway.
/// `rounded()` and friends call libm, which Foundation would otherwise pull in.
let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
    name: "satwatch",
    products: [
        .executable(name: "satwatch", targets: ["satwatch"]),
    ],
    targets: [
        // The layers, bottom to top (scripts/check-layers.py keeps them): each target depends only
        // on targets below it, so the compiler refuses an upward import.
        // System libraries (Debian: libsqlite3-dev, libcurl4-openssl-dev, libssl-dev, zlib1g-dev).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        // glibc's malloc arenas and default thread stack, which Swift's Glibc module does not export.
        .target(name: "CProcessTuning"),

        // Libraries: generic code with no satwatch type in it, each with a test target of its own.
        // SHA-1, SHA-256 and HMAC-SHA256 from libcrypto.
        .target(name: "Digests", dependencies: ["CCrypto"]),
        // PNG images (indexed or RGB), deflated by zlib.
        .target(name: "PNG", dependencies: ["CZlib"]),
        // A small, safe XML 1.0 reader with namespaces (no DTDs, no entity expansion), for news feeds.
        .target(name: "XML"),
        // SQLite connections, prepared statements and their errors.
        .target(name: "SQLiteKit", dependencies: ["CSQLite"]),
        // Anchored regular expressions matched in linear time (silences' `=~` label matchers).
        .target(name: "LinearRegex"),
        // RFC 6455 frames: the client's encoder and the decoder of the server's byte stream.
        .target(name: "WebSocketFraming"),
        // A fixed set of threads with a bounded queue for blocking work, and serial lanes on it.
        .target(name: "BlockingPool"),

        // JSON with source positions (config diagnostics) and a fast frame parser; a writer.
        .target(name: "SatwatchJSON", linkerSettings: libm),
        // What every layer stands on: time and durations, time intervals and zones, logs and
        // secrets, config objects and their diagnostics, samples, services and signals, hashing.
        .target(name: "SatwatchBase", dependencies: ["SatwatchJSON", "BlockingPool"], linkerSettings: libm,
                plugins: ["RevisionPlugin"]),
        // Transports over libcurl: WebSocket client (its framing below), HTTP client, SMTP sender; the
        // endpoint's server.
        .target(name: "SatwatchNet", dependencies: ["SatwatchBase", "BlockingPool", "Digests", "WebSocketFraming", "CCurl"]),
        // Feeds: each kind's definition and settings, decoders, the live runtimes, recordings, the
        // metric catalog.
        .target(name: "SatwatchFeeds", dependencies: ["SatwatchBase", "SatwatchJSON", "SatwatchNet", "Digests", "XML"]),
        // Rules: the engine, its state machine, conditions, expressions, windows.
        .target(name: "SatwatchRules", dependencies: ["SatwatchBase", "SatwatchJSON"], linkerSettings: libm),
        // Charts: SVG and PNG renderers of a metric's series.
        .target(name: "SatwatchCharts", dependencies: ["SatwatchBase", "PNG"], linkerSettings: libm),
        // State: the SQLite state file, one store per table, and what it holds.
        .target(name: "SatwatchState", dependencies: ["SatwatchBase", "BlockingPool", "SatwatchJSON", "SatwatchFeeds", "SatwatchRules",
                                                      "SQLiteKit", "LinearRegex", "CSQLite"]),
        // Delivery: the dispatcher, its stages and every channel.
        .target(name: "SatwatchDelivery", dependencies: ["SatwatchBase", "BlockingPool", "SatwatchJSON", "SatwatchNet", "SatwatchRules",
                                                         "SatwatchState"]),
        // The app: config loading and the registries, the daemon, commands, the endpoint and page.
        .target(name: "SatwatchApp", dependencies: ["SatwatchBase", "BlockingPool", "SatwatchJSON", "SatwatchNet", "SatwatchFeeds",
                                                    "SatwatchRules", "SatwatchCharts", "SatwatchState",
                                                    "SatwatchDelivery", "Digests", "SQLiteKit", "CProcessTuning"]),
        // Writes the git revision into SatwatchBase at build time (`satwatch --version`).
        .plugin(name: "RevisionPlugin", capability: .buildTool()),
        // Thin executable.
        .executableTarget(name: "satwatch", dependencies: ["SatwatchApp"]),

        // Benchmarks: `bench/run` builds this in release and prints a table.
        .executableTarget(name: "satwatch-bench", dependencies: ["SatwatchApp", "SatwatchBase", "SatwatchFeeds", "SatwatchRules",
                                                               "SatwatchCharts", "SatwatchState", "SatwatchDelivery",
                                                               "SatwatchJSON", "CBenchHeap"],
                          path: "bench/Sources/SatwatchBench"),
        // malloc's in-use byte count for the benchmarks' memory rows (<malloc.h> is not in Swift's Glibc).
        .target(name: "CBenchHeap", path: "bench/Sources/CBenchHeap"),

        // Fuzzing harness: `fuzz/run` builds it with libFuzzer; a plain build replays the corpus.
        .executableTarget(name: "satwatch-fuzz", dependencies: ["SatwatchApp", "SatwatchBase", "SatwatchFeeds", "SatwatchRules",
                                                              "SatwatchState", "SatwatchDelivery", "SatwatchJSON",
                                                              "SatwatchNet", "XML", "LinearRegex", "WebSocketFraming"],
                          path: "fuzz/Sources/SatwatchFuzz"),

        // Test support shared by the test targets: Python peers under Tests/Peers, paths, ports.
        .target(name: "CChildSpawn", path: "Tests/CChildSpawn"),
        .target(name: "SatwatchTestSupport", dependencies: ["CChildSpawn"], path: "Tests/SatwatchTestSupport"),
        .testTarget(name: "BlockingPoolTests", dependencies: ["BlockingPool", "SatwatchTestSupport"]),
        .testTarget(name: "DigestsTests", dependencies: ["Digests"]),
        .testTarget(name: "PNGTests", dependencies: ["PNG", "SatwatchTestSupport"]),
        .testTarget(name: "XMLTests", dependencies: ["XML"]),
        .testTarget(name: "SQLiteKitTests", dependencies: ["SQLiteKit"]),
        .testTarget(name: "LinearRegexTests", dependencies: ["LinearRegex"]),
        .testTarget(name: "WebSocketFramingTests", dependencies: ["WebSocketFraming"]),
        .testTarget(name: "SatwatchJSONTests", dependencies: ["SatwatchJSON", "SatwatchTestSupport"]),
        .testTarget(name: "SatwatchNetTests", dependencies: ["SatwatchNet", "SatwatchBase", "BlockingPool", "WebSocketFraming",
                                                             "SatwatchTestSupport"]),
        .testTarget(name: "SatwatchTests", dependencies: ["SatwatchApp", "SatwatchBase", "BlockingPool", "SatwatchFeeds", "SatwatchRules",
                                                          "SatwatchCharts", "SatwatchState", "SatwatchDelivery",
                                                          "SatwatchJSON", "SatwatchNet", "CSQLite", "SQLiteKit", "XML",
                                                          "SatwatchTestSupport"],
                    exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
