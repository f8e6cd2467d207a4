import FaceAnalysisInterface
import TerminalUI

/// Everything the Vision screen shows, made by the presenter from the newest frame.
struct VisionViewModel: Equatable {
  /// How the status line reads.
  typealias Tone = VisionTone

  /// The largest face's top emotion over the last seconds.
  struct Trend: Equatable {
    /// The label followed.
    var label: String
    /// Its score in each recent frame, oldest first, 0...1.
    var values: [Double]
  }

  /// The picture, or `nil` before the first frame.
  var image: RGBImage?
  /// Face outlines with their top emotion, in the picture's pixels.
  var boxes: [ImageView.Box] = []
  /// The frame shown, for the full-resolution picture with its boxes drawn in
  /// (``VisionView`` draws it only when a new frame comes).
  var frame: RecognizedFrame?
  /// One line per face: `happy 87% at 120,40 80x80`.
  var faces: [String] = []
  /// The seven scores of the largest face; empty when there is none.
  var scores: [BarChart.Entry] = []
  /// The heading of the score panel: `Largest face: happy 87%` or `No face`.
  var scoreTitle = "No face"
  /// The sparkline of the largest face's top emotion; `nil` without a face, or when the
  /// faces are followed as people.
  var trend: Trend?
  /// The people of a stream, in id order, those who left included.
  var people: [Person] = []

  /// A person listed beside the picture.
  struct Person: Equatable {
    /// `#2`.
    var name: String
    /// Their steady emotion.
    var emotion: String
    /// Its smoothed score in each recent frame, oldest first, 0...1.
    var values: [Double]
    /// Whether they are in the frame shown (else listed dim).
    var isInView: Bool
    /// The time of the last frame they were in, on the source's clock.
    var lastSeen: Double

    /// The rows `people` (in id order) take when there are `count` rows: all of them in id
    /// order when they fit; otherwise those in view first, then those out of view seen most
    /// recently, so the people on the screen are never the ones pushed out.
    static func rows(of people: [Person], count: Int) -> [Person] {
      guard people.count > count else { return people }
      let gone = people.filter { !$0.isInView }.enumerated().sorted {
        ($0.element.lastSeen, -$0.offset) > ($1.element.lastSeen, -$1.offset)
      }
      return Array((people.filter(\.isInView) + gone.map(\.element)).prefix(max(0, count)))
    }
  }
  /// What is being read, such as `faces.mp4 (video, 640x360, 10 fps)`.
  var source = ""
  /// Source, resolution, frames shown per second and recognition times.
  var details = ""
  /// Opening, playing, paused, finished, saved, or what went wrong.
  var status = ""
  /// How ``status`` reads.
  var tone = Tone.normal
  /// Whether space resumes rather than pauses.
  var isPaused = false
  /// Whether the source moves (a video or a live source), even if it has ended.
  var isMoving = false
  /// Whether pausing means anything (videos and live sources that have not ended).
  var canPause = false
  /// Whether there is a frame to save.
  var canSave = false
  /// The face detector running, such as `Haar cascade`; empty until the session says.
  var detector = ""
  /// What `d` switches to, such as `BlazeFace (full range)`; empty when it switches nothing.
  var nextDetector = ""
  /// The slide shown and how many there are, for a folder.
  var slide: (index: Int, count: Int)?

  static func == (lhs: VisionViewModel, rhs: VisionViewModel) -> Bool {
    lhs.image == rhs.image && lhs.boxes == rhs.boxes && lhs.faces == rhs.faces && lhs.scores == rhs.scores
      && lhs.scoreTitle == rhs.scoreTitle && lhs.trend == rhs.trend && lhs.people == rhs.people
      && lhs.source == rhs.source
      && lhs.details == rhs.details
      && lhs.status == rhs.status && lhs.tone == rhs.tone && lhs.isPaused == rhs.isPaused
      && lhs.isMoving == rhs.isMoving && lhs.canPause == rhs.canPause && lhs.canSave == rhs.canSave
      && lhs.detector == rhs.detector && lhs.nextDetector == rhs.nextDetector
      && lhs.slide?.index == rhs.slide?.index
      && lhs.slide?.count == rhs.slide?.count
  }
}
