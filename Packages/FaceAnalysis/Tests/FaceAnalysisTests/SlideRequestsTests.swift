import Testing

@testable import FaceAnalysis

/// Which slide a slide show's reader shows next.
@Suite("Slide requests")
struct SlideRequestsTests {
  @Test func theFirstSlideAtOnceThenTheNewestAsked() {
    let slides = SlideRequests()
    #expect(slides.next() == 0)
    slides.show(2)
    slides.show(1)
    #expect(slides.next() == 1, "the newest request wins")
  }

  @Test func theSlideShownWaitsUntilAnotherOrARedrawIsAsked() {
    let slides = SlideRequests()
    #expect(slides.next() == 0)
    let next = BackgroundCall { slides.next() }
    #expect(!next.returned(within: 0.2), "slide 0 is shown already")
    slides.show(0)
    #expect(!next.returned(within: 0.1), "asking for the slide shown is nothing new")
    slides.redraw()
    #expect(next.returned(within: 5))
    #expect(next.value == 0, "shown again")
  }

  @Test func stoppingEndsTheWait() {
    let slides = SlideRequests()
    #expect(slides.next() == 0)
    let next = BackgroundCall { slides.next() }
    slides.stop()
    #expect(next.returned(within: 5))
    #expect(next.value == .some(nil))
    slides.show(3)
    #expect(slides.next() == nil)
  }
}
