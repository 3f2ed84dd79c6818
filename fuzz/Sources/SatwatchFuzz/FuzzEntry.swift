/// libFuzzer's entry point (`fuzz/run` builds with `--sanitize=fuzzer -DFUZZING`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    FuzzHarness.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
