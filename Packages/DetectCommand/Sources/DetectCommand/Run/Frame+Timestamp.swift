import Media

extension Frame {
  /// The frame's time as `detect` records, tracks and draws it, in seconds from the start of
  /// its source. A photo has no time of its own and is at 0. The one place that says what a
  /// frame's time is: everything in `detect` asks here.
  var timestamp: Double { time ?? 0 }
}
