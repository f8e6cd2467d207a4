import FuzzDriver

/// The entry point SwiftPM links as `main` for this executable target.
@_cdecl("FuzzTFLite_main")
public func fuzzTFLiteMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  runFuzzer(argc, argv) { fuzzTFLite($0, $1) }
}
