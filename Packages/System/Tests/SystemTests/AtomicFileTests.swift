import Foundation
import System
import SystemLibc
import Testing

@Suite struct AtomicFileTests {
  private func makeFolder() -> String {
    let folder = NSTemporaryDirectory() + "system-atomic-\(UUID().uuidString)"
    mkdir(folder, 0o700)
    return folder
  }

  private func contents(_ folder: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: folder).sorted()) ?? []
  }

  @Test func aFailedWriteLeavesNothingBehind() throws {
    let folder = makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(throws: AtomicFile.Failure.writer(reason: "disk full")) {
      try AtomicFile.write(to: folder + "/out.txt") { temporary throws(AtomicFile.Failure) in
        // Half a file, then a failure.
        _ = FileManager.default.createFile(atPath: temporary, contents: Data("half".utf8))
        throw .writer(reason: "disk full")
      }
    }
    #expect(contents(folder).isEmpty)
  }

  @Test func theFileAppearsWholeAndTheTemporaryNameGoes() throws {
    let folder = makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/out.txt"
    var seenDuringWrite: [String] = []
    try AtomicFile.write(to: path) { temporary in
      _ = FileManager.default.createFile(atPath: temporary, contents: Data("whole".utf8))
      seenDuringWrite = contents(folder)
    }
    #expect(!seenDuringWrite.contains("out.txt"))
    #expect(contents(folder) == ["out.txt"])
    #expect(FileManager.default.contents(atPath: path) == Data("whole".utf8))
  }

  @Test func refusesToReplaceAFileUnlessAskedAndKeepsItsBytes() throws {
    let folder = makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let input = folder + "/input.jpg"
    _ = FileManager.default.createFile(atPath: input, contents: Data("the input".utf8))
    #expect(throws: AtomicFile.Failure.exists) {
      try AtomicFile.write(Array("new".utf8), to: input, replacing: false)
    }
    #expect(throws: AtomicFile.Failure.exists) {
      try AtomicFile.write(to: input, replacing: false) { temporary in
        _ = FileManager.default.createFile(atPath: temporary, contents: nil)
      }
    }
    #expect(FileManager.default.contents(atPath: input) == Data("the input".utf8))
    #expect(contents(folder) == ["input.jpg"])
    // A dangling symbolic link is a name taken too.
    symlink(folder + "/nowhere", folder + "/link")
    #expect(throws: AtomicFile.Failure.exists) {
      try AtomicFile.write(Array("new".utf8), to: folder + "/link", replacing: false)
    }
    #expect(contents(folder) == ["input.jpg", "link"])
    try AtomicFile.write(Array("new".utf8), to: input, replacing: true)
    #expect(FileManager.default.contents(atPath: input) == Data("new".utf8))
  }

  @Test func theTemporaryFileIsHiddenBesideTheTarget() {
    #expect(AtomicFile.temporaryPath(for: "/a/b/c.svg") == "/a/b/.c.svg.\(getpid()).tmp")
    #expect(AtomicFile.temporaryPath(for: "c.svg") == "./.c.svg.\(getpid()).tmp")
  }
}
