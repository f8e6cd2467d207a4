import Foundation
import System
import SystemLibc
import Testing

@Suite struct SubprocessTests {
  @Test func pipesGoBothWaysAndTheExitCodeIsKept() throws {
    let child = try Subprocess(
      executable: "/bin/sh", arguments: ["sh", "-c", "cat; exit 3"], standardInput: .pipe,
      standardOutput: .pipe)
    watch(child)
    try child.standardInput?.writeAll("hello, child")
    child.close(.input)
    let output = try child.standardOutput?.readAll() ?? []
    #expect(String(decoding: output, as: UTF8.self) == "hello, child")
    #expect(child.waitForExit() == .exited(3))
    #expect(child.waitForExit() == .exited(3))
    #expect(child.exitStatusIfEnded?.shellStatus == 3)
  }

  @Test func aChildThatIgnoresSIGTERMIsKilledAfterTheGracePeriod() throws {
    let child = try Subprocess(
      executable: "/bin/sh", arguments: ["sh", "-c", "trap '' TERM; echo ready; while :; do sleep 1; done"],
      standardOutput: .pipe)
    watch(child)
    var ready = [UInt8](repeating: 0, count: 6)
    _ = try ready.withUnsafeMutableBytes { bytes in
      Result { () throws(Errno) in try child.standardOutput?.readFully(into: bytes) }
    }.get()
    let start = ContinuousClock.now
    let status = child.terminate(grace: .milliseconds(400))
    let elapsed = ContinuousClock.now - start
    #expect(status == .signaled(SIGKILL))
    #expect(elapsed >= .milliseconds(400))
    #expect(elapsed < .seconds(5))
  }

  @Test func aStopIsReportedOnceAndAnEndIsReapedOnTheWay() throws {
    let sleeper = try Subprocess(executable: "/bin/sleep", arguments: ["sleep", "30"])
    watch(sleeper)
    #expect(!sleeper.hasStoppedSinceLastAsked(), "running, not stopped")
    sleeper.send(SIGSTOP)
    let deadline = ContinuousClock.now + .seconds(10)
    var stopped = false
    while !stopped, ContinuousClock.now < deadline {
      stopped = sleeper.hasStoppedSinceLastAsked()
      if !stopped { _ = usleep(2_000) }
    }
    #expect(stopped)
    #expect(!sleeper.hasStoppedSinceLastAsked(), "each stop is reported once")
    sleeper.send(SIGCONT)
    #expect(sleeper.terminate(grace: .seconds(2)) == .signaled(SIGTERM))

    let quick = try Subprocess(executable: "/bin/sh", arguments: ["sh", "-c", "exit 4"])
    watch(quick)
    // Asking reaps the child once it has ended: it is no longer even a zombie.
    while Subprocess.isAlive(quick.pid), ContinuousClock.now < deadline {
      #expect(!quick.hasStoppedSinceLastAsked())
      _ = usleep(2_000)
    }
    #expect(!Subprocess.isAlive(quick.pid))
    #expect(quick.exitStatusIfEnded == .exited(4), "the status it reaped is kept")
  }

  @Test func aChildThatHonoursSIGTERMEndsByItAtOnce() throws {
    let child = try Subprocess(executable: "/bin/sleep", arguments: ["sleep", "30"])
    watch(child)
    let start = ContinuousClock.now
    #expect(child.terminate(grace: .seconds(5)) == .signaled(SIGTERM))
    #expect(ContinuousClock.now - start < .seconds(4))
  }

  @Test func theChildStartsWithNoSignalBlockedOrIgnored() throws {
    // Block SIGTERM and ignore SIGINT here; the child must see neither.
    var terminate = sigset_t()
    sigemptyset(&terminate)
    sigaddset(&terminate, SIGTERM)
    var previousMask = sigset_t()
    pthread_sigmask(SIG_BLOCK, &terminate, &previousMask)
    let previousInterrupt = signal(SIGINT, SIG_IGN)
    defer {
      pthread_sigmask(SIG_SETMASK, &previousMask, nil)
      signal(SIGINT, previousInterrupt)
    }
    let child = try Subprocess(
      executable: "/bin/grep", arguments: ["grep", "-E", "^Sig(Blk|Ign)", "/proc/self/status"],
      standardOutput: .pipe)
    watch(child)
    let text = String(decoding: try child.standardOutput?.readAll() ?? [], as: UTF8.self)
    #expect(child.waitForExit() == .exited(0))
    // Masks of signals 1 to 64, lowest bit first; glibc keeps its two internal real-time
    // signals (32 and 33) to itself, so only the 31 standard signals are checked.
    let masks = Dictionary(
      uniqueKeysWithValues: text.split(separator: "\n").compactMap { line -> (String, UInt64)? in
        let parts = line.split(separator: "\t")
        guard parts.count == 2, let mask = UInt64(parts[1], radix: 16) else { return nil }
        return (String(parts[0]), mask)
      })
    #expect(masks["SigBlk:"].map { $0 & 0x7FFF_FFFF } == 0)
    #expect(masks["SigIgn:"].map { $0 & 0x7FFF_FFFF } == 0)
  }

  @Test func errorsCanJoinTheOutputAndTheEnvironmentIsTheOneGiven() throws {
    let child = try Subprocess(
      executable: "sh", arguments: ["sh", "-c", "echo out; echo \"err $ONLY\" >&2"],
      environment: ["ONLY=this"],
      searchesPath: true, standardInput: .nullDevice, standardOutput: .pipe, standardError: .standardOutput)
    watch(child)
    let text = String(decoding: try child.standardOutput?.readAll() ?? [], as: UTF8.self)
    #expect(text == "out\nerr this\n")
    #expect(child.waitForExit() == .exited(0))
  }

  @Test func aMissingProgramIsATypedError() {
    #expect(throws: Errno.noSuchFile) { try Subprocess(executable: "/nonexistent/program") }
  }

  @Test func standardErrorCanGoToAFile() throws {
    let path = NSTemporaryDirectory() + "system-stderr-\(getpid()).log"
    defer { unlink(path) }
    let child = try Subprocess(
      executable: "/bin/sh", arguments: ["sh", "-c", "echo problem >&2"], standardError: .file(path))
    watch(child)
    #expect(child.waitForExit() == .exited(0))
    let file = try FileDescriptor.open(path, O_RDONLY)
    defer { file.close() }
    #expect(try file.readAll() == Array("problem\n".utf8))
  }
}
