/// libFuzzer's driver, called from this executable's own entry point.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The entry point SwiftPM links as `main` for this executable target: hands the command
/// line to libFuzzer, which then calls `LLVMFuzzerTestOneInput` for every input.
@_cdecl("FuzzKerasConfig_main")
public func fuzzKerasConfigMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  var count = argc
  var arguments = argv
  return runFuzzerDriver(&count, &arguments) { fuzzKerasConfig($0, $1) }
}
