import Foundation
import Media
import MediaTesting
import System
import SystemTesting
import Testing

@testable import FaceAnalysis

@Suite("Videos recognised frame by frame", .serialized)
struct VideoRecognitionTests {
  @Test(
    "A video through FFmpeg's libraries: sampled frames, indices, times; OpenCV's boxes and fer's scores on each"
  )
  func video() throws {
    let path = try TestFiles.fixture("faces.mp4")
    let source = try FrameSourceFactory.open(path, options: FrameSourceOptions(every: 3))
    #expect(source.kind == .video)
    #expect(source.expectedFrameCount == 10)
    #expect(source.playback == .video(framesPerSecond: 10))
    let (frames, errors) = source.drain()
    #expect(errors.isEmpty)
    #expect(frames.map(\.index) == Array(stride(from: 0, to: 30, by: 3)))
    #expect(frames.map(\.time) == stride(from: 0, to: 30, by: 3).map { Double($0) / 10 })
    #expect(frames.allSatisfy { $0.image.width == 640 && $0.image.height == 360 && $0.source == path })

    let recognizer = try SharedRecognizer.load()
    let opencv = try TestFiles.referenceJSON("opencv_video_reference.json")
    let fer = try TestFiles.referenceJSON("fer_reference.json")
    let expectedBoxes = try #require(opencv["detections"] as? [[String: Any]]).filter {
      $0["image"] as? String == "faces.mp4"
    }
    let expectedFaces = try #require(fer["entries"] as? [[String: Any]]).filter {
      $0["image"] as? String == "faces.mp4"
    }
    #expect(expectedBoxes.count == frames.count && expectedFaces.count == frames.count)
    for (frame, (boxes, faces)) in zip(frames, zip(expectedBoxes, expectedFaces)) {
      #expect(frame.index == boxes["frame"] as? Int)
      let gray = frame.image.grayscale()
      let found = try recognizer.faces(in: FacePicture(gray: gray)).map(\.box.array).sorted {
        $0.lexicographicallyPrecedes($1)
      }
      #expect(found == (boxes["boxes"] as? [[Int]]), "frame \(frame.index)")
      let recognized = try recognizer.recognize(frame.image)
      try EmotionRecognizerTests.expectMatches(
        recognized, try #require(faces["faces"] as? [[String: Any]]),
        cropper: FaceCropper(picture: FacePicture(gray: gray), padding: 40, margin: 10),
        "faces.mp4 frame \(frame.index)")
    }
  }

  @Test("A video without faces gives frames and no faces")
  func noFaceVideo() throws {
    let source = try FrameSourceFactory.open(
      try TestFiles.fixture("noface.mp4"), options: FrameSourceOptions(every: 5))
    let (frames, errors) = source.drain()
    #expect(errors.isEmpty)
    #expect(frames.map(\.index) == [0, 5, 10, 15])
    let detector = HaarFaceDetector(cascade: try SharedCascade.fer.get())
    #expect(frames.allSatisfy { detector.detect(in: $0.image.grayscale()).isEmpty })
  }
}
