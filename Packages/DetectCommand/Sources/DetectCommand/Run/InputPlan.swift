import FaceAnalysis
import Media

/// What `detect` does with one input, decided once before it is read: whether a resumed run
/// passes it over, and how its frames are read and recognised. The run only carries it out.
struct InputPlan {
  /// The input and what it is.
  let located: LocatedInput
  /// Its index among all the inputs given (before sharding).
  let index: Int
  /// Whether the records of a killed run cover all of it: nothing is read.
  let isDone: Bool
  /// Whether its frames are drawn into an annotated video: every frame is read (ffmpeg skips
  /// none) and every Nth recognised, the frames between keeping the last boxes as fer's
  /// Video does.
  let drawsVideo: Bool
  /// Whether its faces are followed as people: a video or stream without `--no-tracks`. Its
  /// frames a killed run recorded are recognised again (not recorded again), so that the tracker,
  /// appearance and all, is where a run never stopped would have it.
  let tracksPeople: Bool
  /// `--every`: one frame in this many is recognised.
  private let every: Int
  /// The frames a killed run recorded: not recorded again, and not recognised unless drawn or
  /// tracked.
  let recorded: ResumePoint

  /// The plan for `located`, input number `index` (from 0) of all, under `options`,
  /// continuing `resume`.
  init(_ located: LocatedInput, index: Int, options: DetectOptions, resume: ResumePoint) {
    self.located = located
    self.index = index
    isDone =
      resume.isFinished(inputAt: index) ?? resume.isDone(located.input, kind: located.locator?.kind)
    drawsVideo = options.annotate != nil && located.isStream
    tracksPeople = options.tracks && located.isStream
    every = options.every
    recorded = resume
  }

  /// Every how many frames the source hands over: all of a drawn video's.
  var readEvery: Int { drawsVideo ? 1 : every }

  /// Every how many frames read the run recognises.
  var recognizeEvery: Int { drawsVideo ? every : 1 }

  /// The input as given.
  var input: String { located.input }

  /// How the source reads: every ``readEvery``th frame, images a killed run recorded passed
  /// over unread, `onNote` told of what it skips.
  func sourceOptions(onNote: @escaping @Sendable (String) -> Void) -> FrameSourceOptions {
    var options = FrameSourceOptions(every: readEvery, onNote: onNote)
    if !recorded.recorded.isEmpty {
      options.skipsImage = { [recorded] path in recorded.contains(FrameKey(source: path, frame: 0)) }
    }
    return options
  }

  /// How the run recognises: every ``recognizeEvery``th frame, recorded ones passed over
  /// unless drawn or tracked.
  var runOptions: RecognitionRun.Options {
    var options = RecognitionRun.Options()
    options.every = recognizeEvery
    let recognizesRecorded = drawsVideo || tracksPeople
    options.passesOver = { [recorded] frame in
      !recognizesRecorded && recorded.contains(FrameKey(source: frame.source, frame: frame.index))
    }
    return options
  }

  /// Whether `frame`'s record is to be written: it was not by the killed run.
  func records(_ frame: Frame) -> Bool {
    !recorded.contains(FrameKey(source: frame.source, frame: frame.index))
  }
}
