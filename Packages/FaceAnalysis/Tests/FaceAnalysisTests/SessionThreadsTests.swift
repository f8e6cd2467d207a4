import Foundation
import System
import Testing

@testable import FaceAnalysis

/// A session's threads and jobs, and how long its stop waits for them.
@Suite("Session threads")
struct SessionThreadsTests {
  /// Seconds since `start`.
  static func seconds(since start: Date) -> Double { Date().timeIntervalSince(start) }

  @Test func theEndComesWhenTheLastThreadAndJobEndNotAtTheTimeout() {
    let threads = SessionThreads(stopTimeout: 10, recognitionStopLimit: 20)
    let start = Date()
    threads.start(named: "test") { Thread.sleep(forTimeInterval: 0.1) }
    threads.jobStarted()
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { threads.jobEnded() }
    threads.waitForEnd()
    let waited = Self.seconds(since: start)
    #expect(waited >= 0.3, "the job ends at 0.3 s")
    #expect(waited < 5, "far from the 10 s timeout")
  }

  @Test func aStuckThreadIsLeftBehindAtTheTimeout() {
    let threads = SessionThreads(stopTimeout: 0.3, recognitionStopLimit: 20)
    let release = DispatchSemaphore(value: 0)
    defer { release.signal() }
    threads.start(named: "stuck") { release.wait() }
    let start = Date()
    threads.waitForEnd()
    let waited = Self.seconds(since: start)
    #expect(waited >= 0.3 && waited < 5, "\(waited) s")
  }

  @Test func aFrameBeingRecognisedIsWaitedForPastTheTimeout() {
    let threads = SessionThreads(stopTimeout: 0.1, recognitionStopLimit: 20)
    let inside = DispatchSemaphore(value: 0)
    let finished = LockedValue<Date?>(nil)
    threads.start(named: "recognition") {
      threads.recognizing {
        inside.signal()
        Thread.sleep(forTimeInterval: 0.6)
        finished.withLock { $0 = Date() }
      }
    }
    #expect(inside.wait(timeout: .now() + 5) == .success)
    threads.waitForEnd()
    let returned = Date()
    let end = finished.withLock { $0 }
    #expect(end.map { $0 <= returned } == true, "stop returned only after the recognition")
  }

  @Test func aRecognitionIsWaitedForNoLongerThanTheLimit() {
    let threads = SessionThreads(stopTimeout: 0.1, recognitionStopLimit: 0.5)
    let inside = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    defer { release.signal() }
    threads.start(named: "recognition") {
      threads.recognizing {
        inside.signal()
        release.wait()
      }
    }
    #expect(inside.wait(timeout: .now() + 5) == .success)
    let start = Date()
    threads.waitForEnd()
    let waited = Self.seconds(since: start)
    #expect(waited >= 0.4 && waited < 5, "\(waited) s: about the 0.5 s limit")
  }

  @Test func stoppingIsSeenByEveryone() {
    let threads = SessionThreads()
    #expect(!threads.isStopped)
    threads.stop()
    #expect(threads.isStopped)
  }
}
