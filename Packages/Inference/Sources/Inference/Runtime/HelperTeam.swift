import Dispatch
import Foundation
import InferenceCKernels
import Synchronization

/// A second thread that helps one prediction at a time with the row ranges of a layer.
///
/// A face is too small a job to hand to a thread pool layer by layer (waking a thread costs
/// about as much as a layer), so one helper thread spins briefly between layers and sleeps
/// when idle. A layer's rows are cut into chunks; the caller and the helper take chunks in
/// turn until none is left, so a helper that is asleep or whose core is busy elsewhere only
/// means the caller does more chunks itself. Only one caller uses the helper at a time;
/// others run their chunks alone.
final class HelperTeam: @unchecked Sendable {
  /// The process's helper.
  static let shared = HelperTeam()

  /// Claims: epoch in bits 40 and up, chunk count in bits 20..<40, next chunk below.
  private let state = Atomic<Int>(0)
  private let done = Atomic<Int>(0)
  private let owned = Atomic<Bool>(false)
  private let sleeping = Atomic<Bool>(false)
  private let wake = DispatchSemaphore(value: 0)
  private var job: ((Int) -> Void)?
  private var epoch = 0
  private let started = Mutex<Bool>(false)
  /// The CPU the caller of the current job ran on when it published it.
  private let callerCPU = Atomic<Int>(-1)

  /// How long the helper spins for the next layer before it sleeps: longer than the steps it
  /// does not share (at most about 30 µs on the fer model), short enough not to take much
  /// from the work between two predictions (Haar detection of the next frame).
  private static let spinNanoseconds: UInt64 = 200_000
  private static let countShift = 20
  private static let epochShift = 40
  private static let fieldMask = (1 << 20) - 1

  /// Runs `body(0..<chunks)`, with the helper taking chunks when it is free, and returns
  /// when every chunk is done.
  func run(chunks: Int, _ body: (Int) -> Void) {
    guard chunks > 1, share(chunks: chunks, body) else {
      for chunk in 0..<max(chunks, 0) { body(chunk) }
      return
    }
  }

  /// Runs `body(0..<chunks)` as ``run(chunks:_:)`` does and returns true; returns false at
  /// once, running nothing, when another caller has the helper (or `chunks` is out of range).
  func share(chunks: Int, _ body: (Int) -> Void) -> Bool {
    guard chunks > 0, chunks <= Self.fieldMask,
      owned.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    else { return false }
    defer { owned.store(false, ordering: .releasing) }
    startIfNeeded()
    withoutActuallyEscaping(body) { body in
      job = body
      epoch = (epoch + 1) & ((1 << 22) - 1)
      done.store(0, ordering: .relaxed)
      callerCPU.store(Int(inference_current_cpu()), ordering: .relaxed)
      state.store((epoch << Self.epochShift) | (chunks << Self.countShift), ordering: .sequentiallyConsistent)
      if sleeping.load(ordering: .sequentiallyConsistent) { wake.signal() }
      let mine = work()
      var spins = 0
      while done.load(ordering: .acquiring) + mine < chunks {
        spins += 1
        if spins > 1_000 { sched_yield() }
      }
      job = nil
    }
    return true
  }

  /// Takes and runs chunks of the current job until none is left; returns how many it ran.
  /// The job is read only after a valid claim, and stays set until every chunk is done.
  private func work() -> Int {
    var ran = 0
    while true {
      let claim = state.wrappingAdd(1, ordering: .acquiring).oldValue
      let next = claim & Self.fieldMask
      let count = (claim >> Self.countShift) & Self.fieldMask
      guard next < count, let job else { return ran }
      job(next)
      ran += 1
    }
  }

  private func startIfNeeded() {
    started.withLock { started in
      guard !started else { return }
      started = true
      let thread = Thread { [self] in helperLoop() }
      thread.name = "Inference helper"
      thread.start()
    }
  }

  private func helperLoop() {
    var seen = 0
    while true {
      var spins = 0
      var idleSince = DispatchTime.now().uptimeNanoseconds
      var current = state.load(ordering: .acquiring) >> Self.epochShift
      while current == seen {
        spins += 1
        if spins & 1_023 == 0, DispatchTime.now().uptimeNanoseconds - idleSince > Self.spinNanoseconds {
          sleeping.store(true, ordering: .sequentiallyConsistent)
          current = state.load(ordering: .sequentiallyConsistent) >> Self.epochShift
          if current == seen { wake.wait() }
          sleeping.store(false, ordering: .relaxed)
          idleSince = DispatchTime.now().uptimeNanoseconds
        }
        current = state.load(ordering: .acquiring) >> Self.epochShift
      }
      seen = current
      // Linux starts and wakes this thread next to the caller; sharing its core, the helper
      // would only slow it down (one face took 0.15 ms instead of 0.10 until the scheduler
      // balanced, which short runs never saw).
      inference_leave_cpu(Int32(callerCPU.load(ordering: .relaxed)))
      let ran = work()
      done.add(ran, ordering: .releasing)
    }
  }
}
