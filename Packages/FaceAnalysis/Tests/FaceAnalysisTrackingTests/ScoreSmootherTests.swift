import FaceAnalysisInterface
import Foundation
import Testing

@testable import FaceAnalysisTracking

@Suite("Score smoothing")
struct ScoreSmootherTests {
  /// Scores given as emotion and probability; the rest share nothing.
  static func scores(_ given: [Emotion: Float]) -> EmotionScores {
    EmotionScores { given[$0] ?? 0 }
  }

  /// The labels of a smoother fed `scores(time)` at `rate` frames a second for `duration` seconds.
  static func labels(
    rate: Double, duration: Double, scores: (Double) -> EmotionScores
  ) -> [(time: Double, label: Emotion)] {
    var smoother: ScoreSmoother?
    return (0...Int((duration * rate).rounded())).map { index in
      let time = Double(index) / rate
      if smoother == nil {
        smoother = ScoreSmoother(first: scores(time), at: time)
      } else {
        smoother?.add(scores(time), at: time)
      }
      return (time, smoother?.label ?? .neutral)
    }
  }

  @Test func aStillFaceWithNoisyScoresKeepsItsLabel() {
    for rate in [10.0, 24, 30] {
      // Neutral 0.42 and sad 0.30, each shaken by up to ±0.15 a frame: the raw label is sad in
      // about 18% of frames.
      var generator = SeededGenerator(seed: UInt64(rate))
      var rawSad = 0
      var frames = 0
      let labels = Self.labels(rate: rate, duration: 20) { _ in
        let scores = Self.scores([
          .neutral: 0.42 + .random(in: -0.15...0.15, using: &generator),
          .sad: 0.30 + .random(in: -0.15...0.15, using: &generator), .happy: 0.1, .fear: 0.08, .angry: 0.05,
        ])
        frames += 1
        if scores.dominant == .sad { rawSad += 1 }
        return scores
      }
      #expect(Double(rawSad) / Double(frames) > 0.12, "the raw label flickers at \(rate) fps")
      // The first frame's leader is the label until the average says otherwise.
      #expect(
        labels.filter { $0.time >= 0.5 }.allSatisfy { $0.label == .neutral },
        "at \(rate) fps: \(labels.filter { $0.label != .neutral }.map(\.time))")
    }
  }

  /// The first time the label is `emotion`.
  static func firstTime(of emotion: Emotion, in labels: [(time: Double, label: Emotion)]) -> Double? {
    labels.first { $0.label == emotion }?.time
  }

  @Test func aClearChangeOfExpressionShowsWithinAFifthOfASecond() {
    // Happy 0.8 to sad 0.8 from the frame at 2 s: t seconds after the last happy frame
    // (2 - 1 / rate), sad leads happy by 0.75 - 1.5 exp(-t / 0.25), which reaches the 0.15 margin
    // at t = 0.25 ln(1.5 / 0.6) = 0.229 s (before the 0.25 s dwell after taking the lead at
    // 0.173 s ends); the label changes on the first frame after that.
    let before = Self.scores([.happy: 0.8, .sad: 0.05, .neutral: 0.15])
    let after = Self.scores([.sad: 0.8, .happy: 0.05, .neutral: 0.15])
    for (rate, expected) in [(10.0, 2.2), (24, 2 + 5.0 / 24), (30, 2.2)] {
      let labels = Self.labels(rate: rate, duration: 4) { $0 < 2 - 1e-9 ? before : after }
      #expect(labels.filter { $0.time < 2 }.allSatisfy { $0.label == .happy })
      let change = Self.firstTime(of: .sad, in: labels)
      #expect(
        change.map { abs($0 - expected) < 1e-9 } == true, "at \(rate) fps: \(String(describing: change))")
      #expect(labels.filter { $0.time >= expected - 1e-9 }.allSatisfy { $0.label == .sad })
    }
  }

  @Test func smallerChangesShowWithinHalfASecond() {
    // Times from the last frame before the change, as above. Sad takes the lead at
    // 0.25 ln 2 = 0.173 s (the frame at 2.1 s at 10 fps, 2 + 4/24 s at 24 fps, 2 + 5/30 s at
    // 30 fps) and changes the label once it has held it for the 0.25 s dwell: first, for
    // happy 0.5 / sad 0.3 swapped, than the margin at 0.25 ln 8 = 0.520 s; and for neutral
    // 0.40 / sad 0.36 swapped, where sad never leads by the margin.
    let cases: [(before: EmotionScores, after: EmotionScores, emotion: Emotion, times: [Double: Double])] = [
      (
        Self.scores([.happy: 0.5, .sad: 0.3, .neutral: 0.2]),
        Self.scores([.sad: 0.5, .happy: 0.3, .neutral: 0.2]),
        .sad, [10: 2.4, 24: 2 + 10.0 / 24, 30: 2 + 13.0 / 30]
      ),
      (
        Self.scores([.neutral: 0.4, .sad: 0.36, .happy: 0.24]),
        Self.scores([.sad: 0.4, .neutral: 0.36, .happy: 0.24]),
        .sad, [10: 2.4, 30: 2 + 13.0 / 30]
      ),
    ]
    for change in cases {
      for (rate, expected) in change.times {
        let labels = Self.labels(rate: rate, duration: 4) { $0 < 2 - 1e-9 ? change.before : change.after }
        let shown = Self.firstTime(of: change.emotion, in: labels)
        #expect(
          shown.map { abs($0 - expected) < 1e-9 } == true, "at \(rate) fps: \(String(describing: shown))")
        #expect(shown.map { $0 - 2 <= 0.5 } == true)
      }
    }
  }

  @Test func theMeanWeighsEachFrameByItsAge() {
    // Happy 1 at 0 s, then 0 at 0.25 s and 0.5 s: weights e^-1 and 1, then e^-2, e^-1 and 1.
    var smoother = ScoreSmoother(first: Self.scores([.happy: 1]), at: 0)
    #expect(smoother.scores[.happy] == 1)
    smoother.add(Self.scores([.sad: 1]), at: 0.25)
    #expect(abs(Double(smoother.scores[.happy]) - exp(-1.0) / (1 + exp(-1.0))) < 1e-7)
    smoother.add(Self.scores([.sad: 1]), at: 0.5)
    #expect(abs(Double(smoother.scores[.happy]) - exp(-2.0) / (1 + exp(-1.0) + exp(-2.0))) < 1e-7)
    // A frame after a long gap counts almost alone; one at the same time counts like any other.
    smoother.add(Self.scores([.happy: 1]), at: 1.5)
    let old = exp(-4.0) * (1 + exp(-1.0) + exp(-2.0))
    #expect(abs(Double(smoother.scores[.happy]) - (1 + exp(-6.0)) / (1 + old)) < 1e-7)
    smoother.add(Self.scores([.happy: 1]), at: 1.5)
    #expect(abs(Double(smoother.scores[.happy]) - (2 + exp(-6.0)) / (2 + old)) < 1e-7)
  }

  @Test func theMeanFollowsAChangeAlikeAtAnyFrameRate() {
    // After a long steady past, a step decays as exp(-t / 0.25) at every frame rate: happy is
    // 0.05 + 0.75 exp(-2.0) half a second after the last happy frame.
    for rate in [10.0, 24, 30, 60] {
      var smoother = ScoreSmoother(first: Self.scores([.happy: 0.8, .sad: 0.05]), at: 0)
      for index in 1...Int(rate * 4) {
        smoother.add(Self.scores([.happy: 0.8, .sad: 0.05]), at: Double(index) / rate)
      }
      for index in 1...Int(rate / 2) {
        smoother.add(Self.scores([.happy: 0.05, .sad: 0.8]), at: 4 + Double(index) / rate)
      }
      #expect(abs(Double(smoother.scores[.happy]) - (0.05 + 0.75 * exp(-2.0))) < 1e-5, "at \(rate) fps")
    }
  }

  @Test func theFacesOwnScoresAreNotChanged() {
    let face = RecognizedFace(
      box: BoundingBox(x: 10, y: 10, width: 80, height: 80), scores: Self.scores([.happy: 0.6, .sad: 0.4]))
    var tracker = FaceTracker(configuration: TrackerConfiguration(confirmationTime: 0))
    let first = tracker.update(at: 0, faces: [face])
    var changed = face
    changed = RecognizedFace(box: face.box, scores: Self.scores([.sad: 0.9, .happy: 0.1]))
    let second = tracker.update(at: 0.1, faces: [changed])
    #expect(first.first??.scores == face.scores)
    #expect(second.first??.scores != changed.scores, "the track's scores are smoothed")
    #expect(changed.scores == Self.scores([.sad: 0.9, .happy: 0.1]))
  }
}

@Suite("Track summary")
struct TrackSummaryTests {
  @Test func aSummaryCountsFramesTimesLabelsAndMeanScores() {
    let first = ScoreSmootherTests.scores([.happy: 0.6, .sad: 0.3, .neutral: 0.1])
    let second = ScoreSmootherTests.scores([.happy: 0.2, .sad: 0.7, .neutral: 0.1])
    var summary = TrackSummary(id: 3, time: 1.5, scores: first, label: .happy)
    summary.add(time: 1.6, scores: second, label: .sad)
    summary.add(time: 1.8, scores: first, label: .happy)
    #expect(summary.id == 3)
    #expect(summary.frames == 3)
    #expect(summary.firstTime == 1.5 && summary.lastTime == 1.8)
    #expect(summary.emotion == .happy)
    // (0.6 + 0.2 + 0.6) / 3, (0.3 + 0.7 + 0.3) / 3, 0.1.
    #expect(abs(summary.meanScores[.happy] - 1.4 / 3) < 1e-6)
    #expect(abs(summary.meanScores[.sad] - 1.3 / 3) < 1e-6)
    #expect(abs(summary.meanScores[.neutral] - 0.1) < 1e-6)
    #expect(summary.meanScores[.angry] == 0)
    // Two labels held equally long: the first in model order.
    summary.add(time: 2, scores: second, label: .sad)
    #expect(summary.emotion == .happy)
    summary.add(time: 2.1, scores: second, label: .sad)
    #expect(summary.emotion == .sad)
  }
}
