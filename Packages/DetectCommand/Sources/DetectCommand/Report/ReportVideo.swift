/// A video or stream of the report: its frames' records in frame order, its people, and its
/// frame rate and length as the records show them.
struct ReportVideo: Equatable, Sendable {
  /// The video as given.
  var source: String
  /// Its records, one per frame index, in frame order.
  var records: [DetectionRecord]
  /// Its people, in id order.
  var people: [ReportPersonRow]

  /// A video of `records` (one per frame index, in frame order) with the people `summary`
  /// names, or those the records' tracks show when it is nil.
  init(source: String, records: [DetectionRecord], summary: [SummaryRow]?) {
    self.source = source
    self.records = records
    people = ReportPersonRow.people(in: records, summary: summary)
  }

  /// Frames a second, from the first and last records' indices and times: nil unless both
  /// differ (a single frame, or times that do not advance).
  var frameRate: Double? {
    guard let first = records.first, let last = records.last, last.key.frame > first.key.frame,
      last.time > first.time
    else { return nil }
    return Double(last.key.frame - first.key.frame) / (last.time - first.time)
  }

  /// The time from the start to the end of the last frame recorded, in seconds: its time and
  /// one frame's duration; nil without records.
  var length: Double? {
    guard let last = records.last else { return nil }
    return last.time + (frameRate.map { 1 / $0 } ?? 0)
  }

  /// The usual time from one recorded frame to the next (the median of the steps forward):
  /// how long the last frame's bar lasts on the timeline; 0 with fewer than two frames.
  var step: Double {
    let steps = zip(records.dropFirst(), records).map { $0.time - $1.time }.filter { $0 > 0 }.sorted()
    return steps.isEmpty ? 0 : steps[steps.count / 2]
  }

  /// How many faces the records hold.
  var faces: Int { records.reduce(0) { $0 + $1.faces.count } }
}
