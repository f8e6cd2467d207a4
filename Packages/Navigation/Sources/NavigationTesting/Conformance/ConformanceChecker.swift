import Navigation

/// Does the work of ``FlowConformance``: opens the factory's links on new flows, checks each
/// promise on what they show, and collects the failures.
@MainActor
final class ConformanceChecker {
  let factory: any FlowFactory
  private let meetRequirement: (@MainActor (TestRouter) -> Void)?
  private(set) var failures: [ConformanceFailure] = []
  private var reached: Set<Route> = []
  /// Links opened on a new flow and the stack each opened, oldest first: the random walk
  /// opens them again, and pushes those one screen deeper than the stack it is on.
  private(set) var opened: [(link: DeepLink, stack: StackSignature)] = []
  /// The stack that wrote each link: two different stacks never write the same one.
  private var writers: [DeepLink: StackSignature] = [:]
  /// How many steps the random walk took before it ended or failed.
  var walkedSteps = 0
  /// Set during the random walk, whose one failure is always kept: its steps reproduce it.
  var isWalking = false

  /// At most this many failures of one check are kept: the first ones say what is wrong.
  private static let failuresPerCheck = 5

  init(factory: any FlowFactory, meetRequirement: (@MainActor (TestRouter) -> Void)?) {
    self.factory = factory
    self.meetRequirement = meetRequirement
  }

  /// The launch requirement's link, which only the launch opens, on an empty stack.
  var requirementLink: DeepLink? { factory.launchRequirement?.link }

  /// The example links the app opens over its home screen: all but the requirement's.
  var exampleLinks: [DeepLink] { factory.exampleLinks.filter { $0 != requirementLink } }

  func report(seed: UInt64) -> ConformanceReport {
    ConformanceReport(
      flowID: factory.id, failures: failures, linksOpened: writers.count, walk: (walkedSteps, seed),
      routes: (factory.routes.filter(reached.contains).count, factory.routes.count))
  }

  /// Keeps a failure unless it is already there; outside the walk, only the first few of a
  /// check and one of each finding, since every link of a broken flow tends to find the same.
  func fail(_ check: ConformanceCheck, _ place: String, expected: String, found: String) {
    let failure = ConformanceFailure(check: check, place: place, expected: expected, found: found)
    let sameCheck = failures.filter { $0.check == check }
    guard !failures.contains(failure),
      isWalking
        || (sameCheck.count < Self.failuresPerCheck
          && !sameCheck.contains(where: { $0.expected == expected && $0.found == found }))
    else { return }
    failures.append(failure)
  }

  // MARK: - The factory's declarations

  /// Each example link opens on a new flow, round-trips, is restorable, and the running flow
  /// refuses links it does not own; then back takes it to its end.
  func checkExampleLinks() {
    guard !exampleLinks.isEmpty else {
      return fail(
        .linksOpen, "exampleLinks", expected: "at least one example link besides the launch requirement's",
        found: "none")
    }
    if let foreign = LinkMutation.foreignLink, factory.canOpen(foreign) {
      fail(.foreignLinkRefused, "canOpen", expected: "canOpen(\(foreign)) to be false", found: "true")
    }
    for link in exampleLinks {
      let place = "example link \(link)"
      guard let run = openNew(link, place: place) else { continue }
      let foreign = [LinkMutation.foreignLink].compactMap { $0 }
      let refused = LinkMutation.mutations(of: link, segments: factory.routes.map(\.segment)).map(\.link)
        .filter { !factory.canOpen($0) }
      for other in foreign + refused { checkRefusal(of: other, by: run, place: place) }
      let (written, stack) = (run.link, run.signature)
      dispose(run, place: place + ", then back to the end")
      checkRoundTrip(written, of: stack, place: place)
    }
  }

  /// Every declared route was shown by some link.
  func checkReachableRoutes() {
    for route in factory.routes where !reached.contains(route) {
      fail(
        .reachableRoutes, "routes",
        expected: "every declared route on a stack that an example link, or the random walk, opens",
        found: "\(route) never shown: add an example link that shows it, or stop declaring it")
    }
  }

  /// The requirement opens on an empty stack; closing it cancels the flow, meeting it completes it.
  func checkLaunchRequirement() {
    guard let requirement = factory.launchRequirement else { return }
    let link = requirement.link
    let place = "launch requirement \(requirement.id) (link \(link))"
    guard factory.canOpen(link) else {
      return fail(.launchRequirement, place, expected: "canOpen(\(link)) to be true", found: "false")
    }
    let left = FlowRun(factory, onEmptyStack: true)
    guard left.open(link), left.showsFlow else {
      return fail(
        .launchRequirement, place, expected: "its link to show the flow's screens on an empty stack",
        found: "the stack \(left.signature)")
    }
    checkRoutes(left, place: place)
    dispose(left, place: place + ", left")
    if left.results.count == 1, case .completed = left.results[0] {
      fail(.launchRequirement, place, expected: "leaving it to cancel the flow", found: "it completed")
    }

    guard let meetRequirement else {
      return fail(
        .launchRequirement, place,
        expected: "how the user meets it: FlowConformance(factory, meetingRequirement: { router in … })",
        found: "none given")
    }
    let met = FlowRun(factory, onEmptyStack: true)
    guard met.open(link) else { return }
    meetRequirement(met.router)
    let completed =
      met.results.count == 1 && { if case .completed = met.results[0] { true } else { false } }()
    if !completed {
      fail(
        .launchRequirement, place, expected: "meeting it to complete the flow exactly once",
        found: "results \(met.results.map { "\($0)" })")
    }
    if !met.router.stack.isEmpty {
      fail(
        .launchRequirement, place, expected: "its screens to leave when the app closes the completed flow",
        found: "the stack \(met.signature)")
    }
    let alive = met.end()
    if !alive.isEmpty {
      fail(
        .noLeaks, place + ", met", expected: "nothing it made alive",
        found: Self.stillAlive(alive))
    }
  }

  // MARK: - The checks on one stack

  /// `link` on a new flow over the host's root: it must be one the flow opens, and show its screens.
  func openNew(_ link: DeepLink, place: String) -> FlowRun? {
    guard factory.canOpen(link) else {
      fail(.linksOpen, place, expected: "canOpen(\(link)) to be true", found: "false")
      return nil
    }
    let run = FlowRun(factory)
    guard run.open(link), run.showsFlow else {
      fail(
        .linksOpen, place,
        expected: "\(link), which canOpen accepts, to show the flow's screens on a new flow",
        found: "start(with:) left the stack \(run.signature)")
      dispose(run, place: place)
      return nil
    }
    checkRoutes(run, place: place)
    return run
  }

  /// Every screen of the flow on the stack is shown under a declared route.
  func checkRoutes(_ run: FlowRun, place: String) {
    for entry in run.flowEntries {
      if factory.routes.contains(entry.route) {
        reached.insert(entry.route)
      } else {
        fail(
          .declaredRoutes, place,
          expected:
            "every screen under a declared route (\(factory.routes.map(\.description).joined(separator: ", ")))",
          found: "\(entry.route) on the stack \(run.signature)")
      }
    }
  }

  /// The stack's link reopens an equal stack on a new flow, which writes the same link.
  func checkRoundTrip(_ written: DeepLink?, of stack: StackSignature, place: String) {
    guard let written else {
      return fail(.roundTrip, place, expected: "the stack \(stack) to write a link", found: "none")
    }
    if let writer = writers[written] {
      if writer != stack {
        fail(
          .roundTrip, place, expected: "each stack to write its own link",
          found: "\(stack) and \(writer) both write \(written)")
      }
      return
    }
    writers[written] = stack
    let reopened = "\(place), reopened as \(written)"
    guard factory.canOpen(written) else {
      return fail(
        .roundTrip, place,
        expected: "the link its stack \(stack) writes, \(written), to be one the flow opens",
        found: "canOpen(\(written)) is false")
    }
    let cold = FlowRun(factory)
    if !cold.open(written) {
      fail(
        .roundTrip, place, expected: "\(written), the link its stack writes, to reopen \(stack)",
        found: "start(with: \(written)) returned false")
    } else if cold.signature != stack {
      fail(
        .roundTrip, place, expected: "\(written), the link its stack writes, to reopen \(stack)",
        found: "it opens \(cold.signature)")
    } else if cold.link != written {
      fail(
        .roundTrip, place, expected: "the reopened stack \(stack) to write \(written) again",
        found: "it writes \(cold.link.map(\.description) ?? "no link")")
    } else {
      opened.append((written, stack))
      checkRoutes(cold, place: reopened)
    }
    dispose(cold, place: reopened)
    checkRestorable(written, stack: stack, place: place)
  }

  /// The link saved for the next launch opens, reopens `stack` when it is the same link, and
  /// the stack it opens is saved as a link that reopens it again.
  private func checkRestorable(_ written: DeepLink, stack: StackSignature, place: String) {
    guard let restorable = factory.restorableLink(for: written) else { return }
    let what = "restorableLink(for: \(written)), \(restorable),"
    guard factory.canOpen(restorable) else {
      return fail(
        .restorableLink, place, expected: "\(what) to be a link the flow opens", found: "canOpen is false")
    }
    guard let restored = openNew(restorable, place: "\(place), restored as \(restorable)") else { return }
    let restoredStack = restored.signature
    if restorable == written, restoredStack != stack {
      fail(.restorableLink, place, expected: "\(what) to reopen \(stack)", found: "it opens \(restoredStack)")
    }
    let again = restored.link.flatMap(factory.restorableLink(for:))
    dispose(restored, place: "\(place), restored as \(restorable)")
    guard let again, again != restorable else { return }
    guard factory.canOpen(again) else {
      return fail(
        .restorableLink, place, expected: "the restored stack to be saved as a link the flow opens",
        found: "\(again) is saved; canOpen is false")
    }
    guard let relaunched = openNew(again, place: "\(place), restored twice as \(again)") else { return }
    if relaunched.signature != restoredStack {
      fail(
        .restorableLink, place,
        expected:
          "the restored stack \(restoredStack) to be saved as a link that reopens it; \(again) is saved",
        found: "it opens \(relaunched.signature)")
    }
    dispose(relaunched, place: "\(place), restored twice as \(again)")
  }

  /// A running flow offered `link`, which its factory does not open, refuses it and leaves the stack.
  func checkRefusal(of link: DeepLink, by run: FlowRun, place: String) {
    let stack = run.signature
    let events = run.eventCount
    let handled = run.open(link)
    guard handled || run.eventCount != events else { return }
    fail(
      .foreignLinkRefused, place,
      expected:
        "\(link), which canOpen refuses, to be refused by the running flow and leave \(stack) untouched",
      found: handled
        ? "start(with:) returned true; the stack is \(run.signature)" : "the stack became \(run.signature)")
  }

  /// The back key until the flow's screens are gone (the app closes a root that back cannot
  /// leave, as when it ends); the flow finishes exactly once and nothing it made is left.
  func dispose(_ run: FlowRun, place: String) {
    var presses = 0
    while run.showsFlow, presses < 100, run.back() {
      presses += 1
      checkNothingLeft(run, place: "\(place) (back \(presses))")
    }
    let closed = run.showsFlow
    if closed { run.close() }
    if run.results.count != 1 {
      let backs = presses == 1 ? "1 back" : "\(presses) backs"
      let how = [presses > 0 ? backs : nil, closed ? "the app closing its screens" : nil].compactMap { $0 }
      let finished = run.results.isEmpty ? "it never finished" : "it finished \(run.results.count) times"
      fail(
        .finishesOnce, place, expected: "the flow to finish exactly once when its last screen leaves",
        found: finished + (how.isEmpty ? "" : " after " + how.joined(separator: " and ")))
    }
    let alive = run.end()
    if !alive.isEmpty {
      fail(
        .noLeaks, place, expected: "nothing the flow made alive once it finished",
        found: Self.stillAlive(alive))
    }
  }

  /// `still alive: NoteView (screen Note) ×2, NotePresenter (held by NoteView) ×2`.
  static func stillAlive(_ names: [String]) -> String {
    var counts: [(name: String, count: Int)] = []
    for name in names {
      if let index = counts.firstIndex(where: { $0.name == name }) {
        counts[index].count += 1
      } else {
        counts.append((name, 1))
      }
    }
    return "still alive: "
      + counts.map { $0.count == 1 ? $0.name : "\($0.name) ×\($0.count)" }.joined(separator: ", ")
  }

  /// Nothing is alive that left the stack: screens, what they hold, finished coordinators.
  func checkNothingLeft(_ run: FlowRun, place: String) {
    let alive = run.leftAlive
    guard !alive.isEmpty else { return }
    fail(
      .noLeaks, place,
      expected: "the screens that left the stack, what they hold and finished coordinators released",
      found: Self.stillAlive(alive))
  }
}
