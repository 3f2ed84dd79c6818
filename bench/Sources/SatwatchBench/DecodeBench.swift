import FoundationEssentials
import SatwatchBase
import SatwatchFeeds

/// A feed's recorded frames decoded per second: every frame of the fixture, many rounds, one core.
enum DecodeBench {
    static func run(fixture: String, rounds: Int, decoder: some FrameDecoder = MempoolDecoder()) throws -> Double {
        guard let data = FileManager.default.contents(atPath: fixture) else { throw BenchError("cannot read \(fixture)") }
        var frames: [String] = []
        var start = data.startIndex
        for index in data.indices where data[index] == 0x0A {
            frames.append(String(decoding: data[start..<index], as: UTF8.self))
            start = index + 1
        }
        var decoder = decoder
        var samples = 0
        let began = BenchClock.now()
        for round in 0..<rounds {
            for frame in frames {
                if case .samples(let decoded) = decoder.decode(frame, at: Timestamp(milliseconds: Int64(round))) { samples += decoded.count }
            }
        }
        let elapsed = BenchClock.now() - began
        precondition(samples > 0)
        return Double(frames.count * rounds) / elapsed
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
