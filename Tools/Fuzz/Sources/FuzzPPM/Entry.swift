import FuzzDriver

/// The entry point SwiftPM links as `main` for this executable target.
@_cdecl("FuzzPPM_main")
public func fuzzPPMMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  runFuzzer(argc, argv) { fuzzPPM($0, $1) }
}
