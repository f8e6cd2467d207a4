import FuzzDriver

/// The entry point SwiftPM links as `main` for this executable target.
@_cdecl("FuzzAppState_main")
public func fuzzAppStateMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  runFuzzer(argc, argv) { fuzzAppState($0, $1) }
}
