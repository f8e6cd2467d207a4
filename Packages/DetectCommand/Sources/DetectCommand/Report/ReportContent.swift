import FaceAnalysis

/// A run's records sorted into what the report shows: its videos and streams (a source with
/// more than one frame, with tracks, or with people in the summary) and its photos, by folder.
///
/// Everything is sorted (sources and folders by name, frames by index, photos by name), and
/// a frame recorded twice counts once, so the same records in any order make the same report.
struct ReportContent: Equatable, Sendable {
  /// The videos and streams, by name.
  var videos: [ReportVideo]
  /// The photos' folders, by name.
  var folders: [ReportPhotoFolder]

  /// The content of `records`, with the people of `summary` when it is given (a summary's
  /// video without records is shown too).
  init(records: [DetectionRecord], summary: [SummaryRow]?) {
    var bySource: [String: [Int: DetectionRecord]] = [:]
    for record in records where bySource[record.key.source]?[record.key.frame] == nil {
      bySource[record.key.source, default: [:]][record.key.frame] = record
    }
    var peopleBySource: [String: [SummaryRow]] = [:]
    for person in summary ?? [] { peopleBySource[person.source, default: []].append(person) }
    var videos: [ReportVideo] = []
    var photos: [String: [DetectionRecord]] = [:]
    for source in Set(bySource.keys).union(peopleBySource.keys).sorted() {
      let frames = bySource[source] ?? [:]
      let sorted = frames.keys.sorted().compactMap { frames[$0] }
      let tracked = sorted.contains { $0.faces.contains { $0.track != nil } }
      if frames.count > 1 || tracked || peopleBySource[source] != nil {
        let people = summary.map { _ in peopleBySource[source] ?? [] }
        videos.append(ReportVideo(source: source, records: sorted, summary: people))
      } else {
        photos[ReportPhotoFolder.folder(of: source), default: []] += sorted
      }
    }
    self.videos = videos
    folders = photos.keys.sorted().map { ReportPhotoFolder(folder: $0, records: photos[$0] ?? []) }
  }

  /// How many photos in all.
  var photos: Int { folders.reduce(0) { $0 + $1.photos } }
  /// How many frames: video frames and photos.
  var frames: Int { videos.reduce(0) { $0 + $1.records.count } + photos }
  /// How many faces in all.
  var faces: Int { videos.reduce(0) { $0 + $1.faces } + folders.reduce(0) { $0 + $1.faces.count } }
  /// How many people in all the videos.
  var people: Int { videos.reduce(0) { $0 + $1.people.count } }

  /// What the records tell of the detector: BlazeFace when a face has keypoints or a detector
  /// confidence (CSV keeps the confidence but not the keypoints), the Haar cascade when faces
  /// have neither; nil without faces.
  var detectorEvidence: String? {
    let faces = videos.flatMap { $0.records.flatMap(\.faces) } + folders.flatMap { $0.faces.map(\.face) }
    guard !faces.isEmpty else { return nil }
    if faces.contains(where: { !$0.keypoints.isEmpty }) {
      return "BlazeFace (its keypoints are in the records)"
    }
    if faces.contains(where: { $0.detectorConfidence != nil }) {
      return "BlazeFace (its confidences are in the records)"
    }
    return "Haar cascade (the faces have no detector confidence)"
  }
}
