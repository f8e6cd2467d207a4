import Foundation
import Testing

@testable import FaceAnalysis

/// The one-value slot between the pipeline's threads: replaced values are counted, a giver
/// that may not drop waits for the taker, and closing wakes both.
@Suite("Hand-over")
struct HandOverTests {
  @Test func aValueGivenIsTakenOnceAndAReplacedOneIsCounted() {
    let slot = HandOver<Int>()
    #expect(slot.take(waits: false) == nil, "empty")
    #expect(slot.give(1, replacing: true) == true, "the slot was empty")
    #expect(slot.give(2, replacing: true) == false, "1 was still waiting")
    #expect(slot.replaced == 1)
    #expect(slot.take() == 2)
    #expect(slot.take(waits: false) == nil, "taken once")
  }

  @Test func aGiverThatMayNotDropWaitsUntilTheValueIsTaken() {
    let slot = HandOver<Int>()
    slot.give(1, replacing: false)
    let second = BackgroundCall { slot.give(2, replacing: false) }
    #expect(!second.returned(within: 0.2), "the slot is full")
    #expect(slot.take() == 1)
    #expect(second.returned(within: 5))
    #expect(second.value == true)
    #expect(slot.take() == 2 && slot.replaced == 0)
  }

  @Test func closingWakesAWaitingTakerAndRefusesLaterCalls() {
    let slot = HandOver<Int>()
    let taker = BackgroundCall { slot.take() }
    #expect(!taker.returned(within: 0.1), "nothing to take yet")
    slot.close()
    #expect(taker.returned(within: 5))
    #expect(taker.value == .some(nil))
    #expect(slot.give(3, replacing: false) == nil)
    #expect(slot.take() == nil)
  }
}
