// libFuzzer entry point over request values (cursor codecs and query readers with extreme
// numbers and dates): the checks are Tests/PresentationTests/Fuzzing/ValueConversions.swift,
// compiled with Sources/Presentation by Scripts/fuzz/fuzz.sh. Not part of the package.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzValues(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    ValueConversions.run(Array(UnsafeBufferPointer(start: data, count: size))) { fatalError($0) }
    return 0
}
