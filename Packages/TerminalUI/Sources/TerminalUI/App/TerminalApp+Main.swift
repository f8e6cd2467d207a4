import Navigation

extension TerminalApp {
  /// The loop on this process's terminal, or, when the terminal cannot be opened, a message
  /// on standard error and exit status 1. For a program's top level.
  public static func openOrExit(router: TerminalRouter, program: String) -> TerminalApp {
    do {
      return try TerminalApp(router: router)
    } catch {
      SystemTerminal.printError("\(program): cannot use the terminal: \(error)")
      SystemTerminal.exitProcess(status: 1)
    }
  }

  /// Runs the loop, then ends the process the way the run ended (re-raising a terminating
  /// signal), after `cleanUp` (for example ending child processes).
  public func runAndExit(program: String, cleanUp: () -> Void = {}) -> Never {
    let reason: ExitReason
    do {
      reason = try run()
    } catch {
      cleanUp()
      SystemTerminal.printError("\(program): terminal error: \(error)")
      SystemTerminal.exitProcess(status: 1)
    }
    cleanUp()
    SystemTerminal.exitProcess(for: reason)
  }
}

extension TerminalRouter {
  /// Sends links of `scheme` typed at the `:` prompt (or in line mode) to `open`. A link
  /// that does not parse, or that `open` throws for, becomes an error message and leaves the
  /// stack as it was.
  public func openDeepLinks(
    scheme: DeepLinkScheme, with open: @escaping @MainActor (DeepLink) throws(DeepLinkError) -> Void
  ) {
    linkScheme = scheme
    onDeepLink = { [weak self] link in
      do throws(DeepLinkError) {
        try open(link)
      } catch {
        self?.showMessage(scheme.message(for: error), kind: .error)
      }
    }
  }

  /// Sends links of `scheme` typed at the `:` prompt to `coordinator`'s `start(with:)`,
  /// which it holds weakly; a link it does not handle becomes an error message.
  public func openDeepLinks(scheme: DeepLinkScheme, in coordinator: any Coordinator) {
    openDeepLinks(scheme: scheme) { [weak coordinator] link throws(DeepLinkError) in
      guard coordinator?.start(with: link) == true else { throw .unhandled(link) }
    }
  }
}
