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
  /// Sends links typed at the `:` prompt (or in line mode) to `open`, which returns whether
  /// something opened it. A link that does not parse, or that nothing opens, becomes an
  /// error message and leaves the stack as it was.
  public func openDeepLinks(with open: @escaping @MainActor (DeepLink) throws(DeepLinkError) -> Void) {
    onDeepLink = { [weak self] text in
      do throws(DeepLinkError) {
        try open(try DeepLink(parsing: text))
      } catch {
        self?.showMessage(error.description, kind: .error)
      }
    }
  }

  /// Sends links typed at the `:` prompt to `coordinator`'s `start(with:)`, which it holds
  /// weakly; a link it does not handle becomes an error message.
  public func openDeepLinks(in coordinator: any Coordinator) {
    openDeepLinks { [weak coordinator] link throws(DeepLinkError) in
      guard coordinator?.start(with: link) == true else { throw .unhandled(link) }
    }
  }
}
