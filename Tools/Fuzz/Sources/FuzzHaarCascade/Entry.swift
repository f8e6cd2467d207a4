import FuzzDriver

/// The entry point SwiftPM links as `main` for this executable target.
@_cdecl("FuzzHaarCascade_main")
public func fuzzHaarCascadeMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  runFuzzer(argc, argv) { fuzzHaarCascade($0, $1) }
}
