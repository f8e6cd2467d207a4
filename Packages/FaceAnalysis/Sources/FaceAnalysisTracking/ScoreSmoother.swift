import FaceAnalysisInterface
import Foundation

/// A face's emotion scores smoothed over time, and a steady label drawn from them.
///
/// The scores are an exponentially weighted mean with a time constant in seconds: each frame's
/// scores weigh `exp(-age / timeConstant)`, their age in seconds, so the mean follows a change in
/// the same time at any frame rate and across a gap, and a new face's first frames are simply
/// averaged (the mean is normalised by the weights, not started from the first frame). The
/// label changes to the smoothed scores' new leader
/// only once that leader is ahead by ``Settings/labelMargin``, or has led for
/// ``Settings/labelDwell`` seconds: noise that swaps the leader for a moment does not flip it,
/// and a real change of expression shows within a fraction of a second.
public struct ScoreSmoother: Sendable, Equatable {
  /// How much the smoother smooths.
  public struct Settings: Sendable, Equatable {
    /// The moving average's time constant in seconds.
    public var timeConstant: Double
    /// How far ahead of the current label, in probability, a new leader changes it at once.
    public var labelMargin: Double
    /// How long, in seconds, a new leader must lead to change the label by any margin.
    public var labelDwell: Double

    /// Settings with which a step from one clear expression to another shows within 0.25 s,
    /// and a small one (a leader ahead by 0.2) within 0.45 s (see each property).
    public init(timeConstant: Double = 0.25, labelMargin: Double = 0.15, labelDwell: Double = 0.25) {
      self.timeConstant = timeConstant
      self.labelMargin = labelMargin
      self.labelDwell = labelDwell
    }
  }

  /// The settings.
  public let settings: Settings
  /// The steady label.
  public private(set) var label: Emotion
  /// The weighted sums of each emotion's scores, and of the weights.
  private var weightedSums: [Double]
  private var totalWeight = 1.0
  private var lastTime: Double
  /// The smoothed scores' leader when it is not the label, and the time it took the lead.
  private var challenger: Emotion?
  private var challengerSince = 0.0

  /// A smoother whose first frame, at `time`, has `scores`; its label is their leader.
  public init(first scores: EmotionScores, at time: Double, settings: Settings = Settings()) {
    self.settings = settings
    weightedSums = scores.probabilities.map(Double.init)
    lastTime = time
    label = scores.dominant
  }

  /// The smoothed probabilities, in model order.
  public var scores: EmotionScores {
    EmotionScores { emotion in Float(weightedSums[Self.index(of: emotion)] / totalWeight) }
  }

  /// Takes in the scores of the frame at `time` (a time before the last one counts as the last).
  public mutating func add(_ scores: EmotionScores, at time: Double) {
    let dt = max(time - lastTime, 0)
    lastTime = max(time, lastTime)
    let decay = settings.timeConstant > 0 ? exp(-dt / settings.timeConstant) : 0
    for index in weightedSums.indices {
      weightedSums[index] = decay * weightedSums[index] + Double(scores.probabilities[index])
    }
    totalWeight = decay * totalWeight + 1
    let average = weightedSums.map { $0 / totalWeight }
    var leader = 0
    for index in average.indices where average[index] > average[leader] { leader = index }
    let leading = Emotion.allCases[leader]
    guard leading != label else {
      challenger = nil
      return
    }
    if challenger != leading {
      challenger = leading
      challengerSince = lastTime
    }
    if average[leader] - average[Self.index(of: label)] >= settings.labelMargin
      || lastTime - challengerSince >= settings.labelDwell - FaceTracker.timeTolerance
    {
      label = leading
      challenger = nil
    }
  }

  /// Takes the smoothed scores' leader as the label at once: a new track, once confirmed,
  /// starts from the evidence of its first frames rather than from the first one's leader.
  public mutating func settle() {
    label = scores.dominant
    challenger = nil
  }

  private static func index(of emotion: Emotion) -> Int {
    Emotion.allCases.firstIndex(of: emotion) ?? 0
  }
}
