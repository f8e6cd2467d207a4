import Foundation
import Testing

@testable import FaceAnalysis

/// When a stream's reader reads: frames at their times, a paused file not at all (its clock
/// stopped), a paused live source on time with its frames skipped.
@Suite("Playback pacer")
struct PlaybackPacerTests {
  @Test func framesAreDueAtTheirTimesCountedFromTheFirst() {
    let pacer = PlaybackPacer()
    let start = Date()
    #expect(pacer.waitUntilDue(frameTime: 10, live: false), "the first frame is due at once")
    #expect(pacer.waitUntilDue(frameTime: 10.3, live: false))
    #expect(Date().timeIntervalSince(start) >= 0.3, "the next 0.3 s later")
  }

  @Test func aPausedFileIsNotReadUntilResumedAndItsClockStops() {
    let pacer = PlaybackPacer()
    pacer.setPaused(true)
    let read = BackgroundCall { pacer.waitToRead(live: false) }
    #expect(!read.returned(within: 0.2), "nothing is read while paused")
    pacer.setPaused(false)
    #expect(read.returned(within: 5))
    #expect(read.value == false, "resumed, the frame is not skipped")

    // Paused for 0.3 s between a frame at 0 and one at 0.2: the second is due 0.5 s on.
    let start = Date()
    #expect(pacer.waitUntilDue(frameTime: 0, live: false))
    pacer.setPaused(true)
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { pacer.setPaused(false) }
    #expect(pacer.waitUntilDue(frameTime: 0.2, live: false))
    #expect(Date().timeIntervalSince(start) >= 0.5)
  }

  @Test func aPausedLiveSourceIsReadOnTimeAndItsFramesSkipped() {
    let pacer = PlaybackPacer()
    pacer.setPaused(true)
    #expect(pacer.waitToRead(live: true) == true, "read, and skipped")
    // Its clock runs on while paused (a stop ends the wait should it not).
    DispatchQueue.global().asyncAfter(deadline: .now() + 10) { pacer.stop() }
    let start = Date()
    #expect(pacer.waitUntilDue(frameTime: 0, live: true))
    #expect(pacer.waitUntilDue(frameTime: 0.2, live: true), "due while still paused")
    #expect(Date().timeIntervalSince(start) >= 0.2)
    pacer.setPaused(false)
    #expect(pacer.waitToRead(live: true) == false)
  }

  @Test func stoppingEndsEveryWait() {
    let pacer = PlaybackPacer()
    #expect(pacer.waitUntilDue(frameTime: 0, live: false), "the clock starts")
    pacer.setPaused(true)
    let read = BackgroundCall { pacer.waitToRead(live: false) }
    let due = BackgroundCall { pacer.waitUntilDue(frameTime: 1000, live: true) }
    #expect(!read.returned(within: 0.1) && !due.returned(within: 0.1))
    pacer.stop()
    #expect(read.returned(within: 5) && due.returned(within: 5))
    #expect(read.value == .some(nil), "no frame to read")
    #expect(due.value == false)
  }
}
