import Dispatch
import Foundation
import Synchronization
import System

/// Helper threads that share the chunks of one prediction's layers with its caller.
///
/// A layer of a face classifier is too small a job to hand to a thread pool layer by layer
/// (waking a thread costs about as much as a layer), so a caller reserves the helpers for its
/// whole prediction, and they spin between its layers; after it, they spin briefly, then
/// sleep. In each layer the caller takes chunks from the front and the helpers from the back
/// until none is left, so each core mostly reads what it wrote in the layer before, and a
/// helper that is asleep or whose core is busy elsewhere only means the caller does more
/// chunks itself. One caller has the team at a time; others run their chunks alone.
// Unchecked: `job` and `epoch` are written only by the caller holding `owned`, before it
// publishes the job through `state`, and read by helpers only after a claim acquires `state`;
// a lock there would sit in the per-chunk path.
package final class HelperTeam: @unchecked Sendable {
  /// The process's team: one helper per processor beyond the first.
  package static let shared = HelperTeam(helpers: ProcessInfo.processInfo.activeProcessorCount - 1)

  /// The helpers this team can start.
  package let helperCount: Int

  /// Claims: epoch in bits 48 and up, the helpers the job takes in bits 40..<48, the end of
  /// the chunks not yet taken in bits 20..<40 (helpers take the one before it), their start
  /// below (the caller takes it).
  private let state = Atomic<Int>(0)
  private let done = Atomic<Int>(0)
  private let owned = Atomic<Bool>(false)
  /// Whether a caller holds the team: its helpers spin instead of sleeping.
  private let reserved = Atomic<Bool>(false)
  private let helpers: [Helper]
  private var job: ((Int, Int) -> Void)?
  private var epoch = 0
  /// Whether the helper threads have been started.
  private let started = LockedValue(false)

  /// How long a helper spins for the next job after a reservation ends before it sleeps: long
  /// enough for back-to-back predictions, short enough not to take much from the work between
  /// two frames. Waking a sleeping thread costs tens to hundreds of microseconds.
  private static let spinNanoseconds: UInt64 = 200_000
  private static let countShift = 20
  private static let helpersShift = 40
  private static let epochShift = 48
  private static let fieldMask = (1 << 20) - 1

  /// A team of `helpers` threads, started at first use.
  package init(helpers: Int) {
    helperCount = max(helpers, 0)
    self.helpers = (0..<helperCount).map { _ in Helper() }
  }

  /// Runs `body` with up to `helpers` helpers reserved for the caller, or with nil when there
  /// are none to take (another caller has the team, or `helpers` is 0).
  package func reserve<Result>(helpers: Int, _ body: (Reservation?) -> Result) -> Result {
    let count = min(helpers, helperCount, 255)
    guard count > 0, owned.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    else {
      return body(nil)
    }
    startIfNeeded()
    reserved.store(true, ordering: .sequentiallyConsistent)
    defer {
      reserved.store(false, ordering: .relaxed)
      owned.store(false, ordering: .releasing)
    }
    return body(Reservation(team: self, helpers: count))
  }

  /// The team held by one caller.
  package struct Reservation {
    fileprivate let team: HelperTeam
    /// The helpers that take chunks beside the caller.
    package let helpers: Int

    /// Runs `body(chunk, worker)` for every chunk in `0..<chunks`, with the helpers taking
    /// chunks beside the caller, and returns when every chunk is done. The caller is worker 0
    /// and helper i worker i + 1.
    package func run(chunks: Int, _ body: (_ chunk: Int, _ worker: Int) -> Void) {
      guard chunks > 1, chunks <= HelperTeam.fieldMask else {
        for chunk in 0..<max(chunks, 0) { body(chunk, 0) }
        return
      }
      team.run(chunks: chunks, helpers: helpers, body)
    }
  }

  private func run(chunks: Int, helpers: Int, _ body: (Int, Int) -> Void) {
    withoutActuallyEscaping(body) { body in
      job = body
      epoch = (epoch + 1) & ((1 << 15) - 1)
      done.store(0, ordering: .relaxed)
      state.store(
        (epoch << Self.epochShift) | (helpers << Self.helpersShift) | (chunks << Self.countShift),
        ordering: .sequentiallyConsistent)
      for helper in self.helpers.prefix(helpers) where helper.sleeping.load(ordering: .sequentiallyConsistent)
      {
        helper.wake.signal()
      }
      let mine = work(worker: 0)
      var spins = 0
      while done.load(ordering: .acquiring) + mine < chunks {
        spins += 1
        if spins > 1_000 { sched_yield() }
      }
      job = nil
    }
  }

  /// Takes and runs chunks of the current job until none is left, or at once when the job
  /// does not take this worker; returns how many it ran. The job is read only after a valid
  /// claim, and stays set until every chunk is done.
  private func work(worker: Int) -> Int {
    var ran = 0
    while let chunk = claim(worker: worker), let job {
      job(chunk, worker)
      ran += 1
    }
    return ran
  }

  /// The next chunk of the current job for `worker` (the first left for the caller, the last
  /// for a helper), or nil when none is left or the job does not take `worker`.
  private func claim(worker: Int) -> Int? {
    var current = state.load(ordering: .acquiring)
    while true {
      let front = current & Self.fieldMask
      let back = (current >> Self.countShift) & Self.fieldMask
      guard front < back, worker <= (current >> Self.helpersShift) & 255 else { return nil }
      let desired = worker == 0 ? current + 1 : current - (1 << Self.countShift)
      let (exchanged, original) = state.compareExchange(
        expected: current, desired: desired, ordering: .acquiring)
      if exchanged { return worker == 0 ? front : back - 1 }
      current = original
    }
  }

  private func startIfNeeded() {
    started.withLock { started in
      guard !started else { return }
      started = true
      for index in 0..<helperCount {
        let thread = Thread { [self] in helperLoop(index) }
        thread.name = "Inference helper \(index + 1)"
        thread.start()
      }
    }
  }

  private func helperLoop(_ index: Int) {
    let helper = helpers[index]
    var seen = 0
    while true {
      var spins = 0
      var idleSince = DispatchTime.now().uptimeNanoseconds
      var current = state.load(ordering: .acquiring) >> Self.epochShift
      while current == seen {
        spins += 1
        // Past a short spin, give the core away on each turn: when the caller shares this
        // core (another process has the other one), spinning would take its time slice.
        if spins > 1_000 { sched_yield() }
        if spins & 1_023 == 0, !reserved.load(ordering: .relaxed),
          DispatchTime.now().uptimeNanoseconds - idleSince > Self.spinNanoseconds
        {
          helper.sleeping.store(true, ordering: .sequentiallyConsistent)
          current = state.load(ordering: .sequentiallyConsistent) >> Self.epochShift
          if current == seen, !reserved.load(ordering: .sequentiallyConsistent) { helper.wake.wait() }
          helper.sleeping.store(false, ordering: .relaxed)
          idleSince = DispatchTime.now().uptimeNanoseconds
        }
        current = state.load(ordering: .acquiring) >> Self.epochShift
      }
      seen = current
      done.add(work(worker: index + 1), ordering: .releasing)
    }
  }

  /// A helper thread's sleep state.
  private final class Helper: Sendable {
    package let sleeping = Atomic<Bool>(false)
    package let wake = DispatchSemaphore(value: 0)
  }
}
