import Foundation
import System
import SystemLibc
import Testing

@Suite struct FileIdentityTests {
  @Test func aNameIsRemovedOnlyWhileItNamesTheSameFile() throws {
    let folder = NSTemporaryDirectory() + "system-identity-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/made.txt"
    let file = try FileDescriptor.open(path, O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
    defer { file.close() }
    let identity = try #require(FileIdentity(descriptor: file))
    #expect(identity == FileIdentity(path: path))

    // A link to the file is another name: it stays, and so does the file.
    try FileManager.default.createSymbolicLink(atPath: folder + "/link.txt", withDestinationPath: path)
    #expect(!identity.removeName(folder + "/link.txt"))
    #expect(FileIdentity.exists(folder + "/link.txt"))

    // Replaced by another file under the same name: that file stays.
    try FileManager.default.moveItem(atPath: path, toPath: folder + "/moved.txt")
    try Data("other".utf8).write(to: URL(fileURLWithPath: path))
    #expect(!identity.removeName(path))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("other".utf8))

    // Its own name: removed.
    #expect(identity.removeName(folder + "/moved.txt"))
    #expect(!FileIdentity.exists(folder + "/moved.txt"))
  }
}
