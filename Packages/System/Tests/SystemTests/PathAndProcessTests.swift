import Foundation
import System
import Testing

/// What System says of paths and of this process, against what Foundation says.
@Suite struct PathAndProcessTests {
  @Test func theExecutablePathIsThisTestProgramWithItsLinksResolved() throws {
    let path = try #require(CurrentProcess.executablePath)
    let expected = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
    #expect(path == expected)
    #expect(PathStatus(of: path) == .regularFile)
  }

  @Test func onlyAFileWithAnExecuteBitIsExecutable() throws {
    let folder = NSTemporaryDirectory() + "system-executable-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let script = folder + "/run.sh"
    #expect(FileManager.default.createFile(atPath: script, contents: Data("#!/bin/sh\n".utf8)))
    #expect(!PathStatus.isExecutable(script))
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script)
    #expect(PathStatus.isExecutable(script))
    #expect(!PathStatus.isExecutable(folder + "/missing"))
  }
}
