import Dispatch
import Glibc

// Broken on purpose: a package other than System watches a signal itself, instead of
// System's ProcessSignals or TerminationSignals. A comment naming signal(SIGWINCH) is fine.
func watchResizes(_ resized: @escaping @Sendable () -> Void) -> any DispatchSourceSignal {
  let source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
  source.setEventHandler(handler: resized)
  source.resume()
  return source
}
