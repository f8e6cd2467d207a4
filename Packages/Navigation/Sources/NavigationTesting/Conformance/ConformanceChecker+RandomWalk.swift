import Navigation

extension ConformanceChecker {
  /// One thing the random walk does.
  private enum Step {
    case back
    case open(DeepLink, as: String)
  }

  /// Walks the flow at random, reproducibly from `seed`: backs, pushes (a link one screen
  /// deeper than the stack), the flow's own links and mutations of them. After each step the
  /// stack's screens are declared, its link round-trips and nothing that left is alive; when
  /// the flow's last screen leaves, it finished once and a new flow starts. The walk stops
  /// at its first failure, which names the seed and the steps of the flow that failed.
  func walk(seed: UInt64, steps: Int) {
    var generator = SeededGenerator(seed: seed)
    isWalking = true
    defer { isWalking = false }
    let failuresBefore = failures.count
    var run: FlowRun?
    var trail: [String] = []
    var place = ""
    guard steps > 0 else { return }
    for number in 1...steps where failures.count == failuresBefore {
      walkedSteps = number
      guard let current = run else {
        guard let link = links().randomElement(using: &generator) else { return }
        trail = ["new flow: open \(link)"]
        place = walkPlace(seed: seed, step: number, trail: trail)
        run = openNew(link, place: place).flatMap { afterStep($0, place: place) }
        continue
      }
      let step = nextStep(on: current, using: &generator)
      switch step {
      case .back: trail.append("back")
      case .open(_, let description): trail.append(description)
      }
      place = walkPlace(seed: seed, step: number, trail: trail)
      run = perform(step, on: current, place: place, trail: &trail).flatMap { afterStep($0, place: place) }
    }
    guard let run else { return }
    if failures.count == failuresBefore {
      dispose(run, place: place + ", then back to the end")
    } else {
      run.close()
    }
  }

  /// `random walk (seed 1), step 12, this flow's steps: new flow: open about → back`.
  private func walkPlace(seed: UInt64, step: Int, trail: [String]) -> String {
    "random walk (seed \(seed)), step \(step), this flow's steps: " + trail.joined(separator: " → ")
  }

  /// The links the walk opens: those the flow's stacks wrote and the example links.
  private func links() -> [DeepLink] {
    var links = opened.map(\.link)
    for link in exampleLinks where !links.contains(link) { links.append(link) }
    return links
  }

  private func nextStep(on run: FlowRun, using generator: inout SeededGenerator) -> Step {
    let roll = Int.random(in: 0..<100, using: &generator)
    let current = run.signature
    if roll < 30 { return .back }
    if roll < 50 {
      let deeper = opened.filter { $0.stack.extends(current) }.map(\.link)
      if let link = deeper.randomElement(using: &generator) { return .open(link, as: "push \(link)") }
    }
    let pool = links()
    if roll < 70, let link = pool.randomElement(using: &generator) { return .open(link, as: "open \(link)") }
    guard let base = run.link ?? pool.randomElement(using: &generator) else { return .back }
    let mutations = LinkMutation.mutations(of: base, segments: factory.routes.map(\.segment))
      .filter { $0.link != requirementLink }
    guard let mutation = mutations.randomElement(using: &generator) else { return .back }
    return .open(mutation.link, as: "open \(mutation.link) (\(base), \(mutation.change))")
  }

  /// Does `step`; returns the flow that runs afterwards: another one when the running flow
  /// refused a link of its own, which the app then opens on a new flow.
  private func perform(_ step: Step, on run: FlowRun, place: String, trail: inout [String]) -> FlowRun? {
    guard case .open(let link, _) = step else {
      run.back()
      return run
    }
    guard factory.canOpen(link) else {
      checkRefusal(of: link, by: run, place: place)
      return run
    }
    let stack = run.signature
    let events = run.eventCount
    if run.open(link) { return run }
    if run.eventCount != events {
      fail(
        .foreignLinkRefused, place,
        expected: "\(link), refused by the running flow, to leave \(stack) untouched",
        found: "the stack became \(run.signature)")
    }
    trail.append("(refused: the app closes the flow and opens \(link) on a new one)")
    dispose(run, place: place)
    return openNew(link, place: place)
  }

  /// The checks after every step; returns `nil` when the flow's last screen left.
  private func afterStep(_ run: FlowRun, place: String) -> FlowRun? {
    if run.showsFlow, run.results.count > 1 {
      fail(
        .finishesOnce, place, expected: "the flow to finish exactly once",
        found: "it finished \(run.results.count) times")
    }
    checkRoutes(run, place: place)
    checkNothingLeft(run, place: place)
    guard run.showsFlow else {
      dispose(run, place: place)
      return nil
    }
    checkRoundTrip(run.link, of: run.signature, place: place)
    return run
  }
}
