import Foundation
import System
import SystemLibc
import SystemTesting
import Testing

@Suite(.serialized) struct ProcessCleanupTests {
  @Test func endsEveryTrackedChildAndForgetsItOnceReaped() throws {
    let child = try Subprocess(executable: "/bin/sleep", arguments: ["sleep", "30"])
    watch(child)
    ProcessCleanup.track(child)
    #expect(ProcessCleanup.runningChildren.contains(child.pid))
    ProcessCleanup.terminateChildren()
    #expect(child.exitStatusIfEnded == .signaled(SIGTERM))
    #expect(!ProcessCleanup.runningChildren.contains(child.pid))
  }

  @Test func aChildReapedByItsOwnerLeavesTheRegistry() throws {
    let child = try Subprocess(executable: "/bin/true")
    ProcessCleanup.track(child)
    #expect(child.waitForExit() == .exited(0))
    #expect(!ProcessCleanup.runningChildren.contains(child.pid))
  }

  @Test func removesThePartialFilesAndNamesTheirTargets() throws {
    let temporary = NSTemporaryDirectory() + ".partial-\(getpid())"
    _ = FileManager.default.createFile(atPath: temporary, contents: Data("half".utf8))
    ProcessCleanup.addPartialFile(temporary, final: "/videos/out.mp4")
    #expect(ProcessCleanup.pendingPartialFiles.contains("/videos/out.mp4"))
    #expect(ProcessCleanup.removePartialFiles() == ["/videos/out.mp4"])
    #expect(!FileManager.default.fileExists(atPath: temporary))
    #expect(ProcessCleanup.pendingPartialFiles.isEmpty)
  }

  @Test func aTestChildEndsWithinItsDeadline() throws {
    let start = ContinuousClock.now
    let result = try ChildProcess.run(
      ["sh", "-c", "trap '' TERM; echo started; exec sleep 30"], environment: ["PATH": "/usr/bin:/bin"],
      deadline: .milliseconds(300))
    #expect(String(decoding: result.output, as: UTF8.self) == "started\n")
    #expect(result.status == SIGKILL)
    #expect(ContinuousClock.now - start < .seconds(10))
  }
}
