// libFuzzer entry point over JSON body decoding and the Presenters' input conversion: the
// conversions are Tests/PresentationTests/Fuzzing/JSONInputConversions.swift, compiled with
// Sources/Presentation by Scripts/fuzz/fuzz.sh. Not part of the package.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    JSONInputConversions.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
