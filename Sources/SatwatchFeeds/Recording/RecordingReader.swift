import SatwatchBase

/// Reads what `replay` takes: a `record` file (one `RecordedFrame` line each), or a raw frame
/// file (one frame per line, like `Tests/Fixtures/feeds/*.jsonl`) for a named feed, paced by the
/// `.offsets` file beside it (milliseconds since the first frame) when present.
package enum RecordingReader {
    /// Why a recording could not be read.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        /// What went wrong, naming the file and line.
        package var message: String
        package var description: String { message }
    }

    /// Reads `path`. With `feed`, a raw frame file is accepted (frames start at `start`); a
    /// record file is filtered to that feed.
    package static func read(_ path: String, feed: FeedKind?, start: Timestamp) throws(Failure) -> [RecordedFrame] {
        let lines = try lines(of: path)
        let firstLine = lines.first { !$0.isEmpty }
        if let firstLine, RecordedFrame(line: firstLine) != nil {
            var frames: [RecordedFrame] = []
            for (number, line) in lines.enumerated() where !line.isEmpty {
                guard let frame = RecordedFrame(line: line) else {
                    throw Failure(message: "\(path):\(number + 1):1: not a record line (expected {\"at\",\"feed\",\"frame\"})")
                }
                if feed == nil || frame.feed == feed { frames.append(frame) }
            }
            return frames.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        }
        guard let feed else {
            throw Failure(message: "\(path): not a record file; for a raw frame file, name its feed with --feed")
        }
        let frames = lines.last == "" ? Array(lines.dropLast()) : lines
        let offsets = try offsets(besideFramesAt: path, count: frames.count)
        return frames.enumerated().map { index, text in
            RecordedFrame(at: start + TimeSpan(milliseconds: offsets?[index] ?? 0), feed: feed, text: text)
        }
    }

    /// The file's lines, split on `\n` bytes only: frames may hold U+0085 or U+2028, which
    /// "universal newline" splitting would break apart.
    static func lines(of path: String) throws(Failure) -> [String] {
        let data: [UInt8]
        switch FileBytes.read(path, limit: .recording) {
        case .success(let read): data = read
        case .failure(.system): throw Failure(message: "\(path): cannot read file")
        case .failure(let failure): throw Failure(message: "\(path): \(failure.message)")
        }
        var lines: [String] = []
        var start = data.startIndex
        for index in data.indices where data[index] == 0x0A {
            lines.append(String(decoding: data[start..<index], as: UTF8.self))
            start = index + 1
        }
        lines.append(String(decoding: data[start...], as: UTF8.self))
        return lines
    }

    private static func offsets(besideFramesAt path: String, count: Int) throws(Failure) -> [Int64]? {
        guard path.hasSuffix(".jsonl") else { return nil }
        let offsetsPath = String(path.dropLast(6)) + ".offsets"
        guard FileBytes.exists(offsetsPath) else { return nil }
        let values = try lines(of: offsetsPath).filter { !$0.isEmpty }
        guard values.count == count else {
            throw Failure(message: "\(offsetsPath): has \(values.count) lines but \(path) has \(count) frames")
        }
        var offsets: [Int64] = []
        for (number, text) in values.enumerated() {
            guard let value = Int64(text) else { throw Failure(message: "\(offsetsPath):\(number + 1):1: not a number of milliseconds") }
            offsets.append(value)
        }
        return offsets
    }
}
