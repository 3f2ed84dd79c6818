#if !FUZZING
import Foundation

/// Without libFuzzer (a plain build), replays corpus files through the harness: `make test`
/// runs the saved corpus this way, so an input that once crashed stays a regression test.
@main
struct ReplayMain {
    static func main() throws {
        let files = CommandLine.arguments.dropFirst()
        for file in files {
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            data.withUnsafeBytes { FuzzHarness.run($0) }
        }
        print("satwatch-fuzz: \(files.count) inputs replayed, none crashed")
    }
}
#endif
