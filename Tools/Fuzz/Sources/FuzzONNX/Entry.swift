import FuzzDriver

/// The entry point SwiftPM links as `main` for this executable target.
@_cdecl("FuzzONNX_main")
public func fuzzONNXMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  runFuzzer(argc, argv) { fuzzONNX($0, $1) }
}
