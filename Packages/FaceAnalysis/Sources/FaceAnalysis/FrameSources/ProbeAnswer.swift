/// What `ffprobe -of json -show_entries stream=…` prints about the first video stream: only
/// the fields ``VideoSource`` reads, each optional, as ffprobe leaves out what it does not know.
struct ProbeAnswer: Decodable {
  /// The selected streams; the first is the video.
  var streams: [Stream]?

  /// One stream's entries.
  struct Stream: Decodable {
    var width: Int?
    var height: Int?
    /// The mean frame rate as a fraction, such as `30000/1001` (`0/0` when unknown).
    var averageFrameRate: String?
    /// The base frame rate as a fraction.
    var frameRate: String?
    /// The frame count as a decimal string, when the container records it.
    var frameCount: String?
    /// Side data, among which a display matrix with its rotation in degrees.
    var sideDataList: [SideData]?
    /// Tags, among which an older file's `rotate`.
    var tags: Tags?

    enum CodingKeys: String, CodingKey {
      case width, height, tags
      case averageFrameRate = "avg_frame_rate"
      case frameRate = "r_frame_rate"
      case frameCount = "nb_frames"
      case sideDataList = "side_data_list"
    }
  }

  /// One side-data entry.
  struct SideData: Decodable {
    /// Degrees the picture is turned, for a display matrix.
    var rotation: Double?
  }

  /// The stream's tags.
  struct Tags: Decodable {
    /// Degrees the picture is turned, as a decimal string.
    var rotate: String?
  }
}
