import FaceAnalysis
import Foundation
import Media
import SystemTesting
import Testing

@testable import DetectCommand

/// The report's pictures from real sources: a photo written here and an ffmpeg test graph,
/// opened again through Media, read to the frame and cut around the face.
@Suite("the report's thumbnails from the sources")
struct ReportThumbnailTests {
  static func decode(_ result: Result<[UInt8], ThumbnailFailure>) throws -> RGBImage {
    let bytes = try result.get()
    #expect(ImageFormat.sniff(bytes) == .jpeg)
    return try ImageDecoder().decode(Data(bytes), name: "thumbnail")
  }

  @Test func aPhotosFaceIsCutAroundItsBoxAndScaledTo96Pixels() throws {
    let folder = try TestFiles.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("half <&> \"red\".png").path
    // Red on the left half, blue on the right.
    let image = RGBImage(width: 200, height: 100) { x, _ in x < 100 ? (255, 0, 0) : (0, 0, 255) }
    try PNGEncoder.write(image, to: path)
    let provider = MediaThumbnailProvider()
    let box = BoundingBox(x: 20, y: 20, width: 40, height: 40)
    let left = try Self.decode(provider.thumbnail(for: ThumbnailRequest(source: path, frame: 0, box: box)))
    #expect(left.width == 96 && left.height == 96)
    let middle = left[48, 48]
    #expect(middle.red > 200 && middle.blue < 60)
    let right = try Self.decode(
      provider.thumbnail(
        for: ThumbnailRequest(source: path, frame: 0, box: BoundingBox(x: 140, y: 20, width: 40, height: 40)))
    )
    #expect(right[48, 48].blue > 200 && right[48, 48].red < 60)
  }

  @Test func aVideosFrameIsReadForwardToItsIndex() throws {
    let graph = "lavfi:testsrc2=duration=1:size=160x120:rate=10"
    let box = BoundingBox(x: 40, y: 30, width: 60, height: 60)
    let forward = MediaThumbnailProvider()
    let third = try forward.thumbnail(for: ThumbnailRequest(source: graph, frame: 3, box: box)).get()
    let seventh = try forward.thumbnail(for: ThumbnailRequest(source: graph, frame: 7, box: box)).get()
    let again = try forward.thumbnail(for: ThumbnailRequest(source: graph, frame: 7, box: box)).get()
    let back = try forward.thumbnail(for: ThumbnailRequest(source: graph, frame: 3, box: box)).get()
    let fresh = try MediaThumbnailProvider().thumbnail(
      for: ThumbnailRequest(source: graph, frame: 7, box: box)
    ).get()
    #expect(third != seventh)
    #expect(seventh == fresh)
    #expect(again == fresh)
    #expect(back == third)
    let picture = try Self.decode(.success(seventh))
    #expect(picture.width == 96 && picture.height == 96)
  }

  @Test func aSourceThatIsGoneOrHasNoSuchFrameIsAFailureNamingIt() throws {
    let provider = MediaThumbnailProvider()
    let box = BoundingBox(x: 0, y: 0, width: 10, height: 10)
    let gone = "/nonexistent/emotions-report/clip.mp4"
    #expect(throws: ThumbnailFailure(source: gone, message: "\(gone): no such file, folder or device")) {
      try provider.thumbnail(for: ThumbnailRequest(source: gone, frame: 4, box: box)).get()
    }
    let graph = "lavfi:testsrc2=duration=1:size=64x48:rate=5"
    #expect(
      throws: ThumbnailFailure(
        source: graph, message: "\(graph): frame 40 is not there (its last frame read is 4)")
    ) {
      try provider.thumbnail(for: ThumbnailRequest(source: graph, frame: 40, box: box)).get()
    }
    let outside = BoundingBox(x: 500, y: 500, width: 10, height: 10)
    #expect(
      throws: ThumbnailFailure(
        source: graph, message: "\(graph): frame 1: the face's box 500,500 10x10 lies outside the 64x48 frame"
      )
    ) {
      try provider.thumbnail(for: ThumbnailRequest(source: graph, frame: 1, box: outside)).get()
    }
    #expect(
      throws: ThumbnailFailure(
        source: "/dev/video7", message: "/dev/video7: a camera cannot be read again for a picture")
    ) {
      try provider.thumbnail(for: ThumbnailRequest(source: "/dev/video7", frame: 0, box: box)).get()
    }
  }
}
