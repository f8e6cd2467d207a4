import System
import SystemLibc
import Testing

@Suite struct SyscallTests {
  @Test func retriesInterruptedCallsUntilTheyAnswer() throws {
    var calls = 0
    let result = try syscall { () -> Int in
      calls += 1
      guard calls > 2 else {
        errno = EINTR
        return -1
      }
      return 5
    }
    #expect(result == 5)
    #expect(calls == 3)
  }

  @Test func throwsAnyOtherFailureAsItsErrno() {
    var calls = 0
    #expect(throws: Errno(EBADF)) {
      try syscall { () -> Int in
        calls += 1
        return read(-1, nil, 0)
      }
    }
    #expect(calls == 1)
    #expect(Errno(ENOENT).description == "No such file or directory")
  }

  @Test func retriesCallsThatReturnTheirErrorNumber() throws {
    var answers: [Int32] = [EINTR, 0]
    try syscallReturningError { answers.removeFirst() }
    #expect(answers.isEmpty)
    #expect(throws: Errno(EAGAIN)) { try syscallReturningError { EAGAIN } }
  }

  @Test func aRealSignalDuringABlockingReadIsRetried() throws {
    // SIGUSR1 with a handler and no SA_RESTART: the blocked read fails with EINTR.
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in }
    action.sa_flags = 0
    sigemptyset(&action.sa_mask)
    var previous = sigaction()
    sigaction(SIGUSR1, &action, &previous)
    defer { sigaction(SIGUSR1, &previous, nil) }
    let (reader, writer) = try FileDescriptor.pipe()
    defer {
      reader.close()
      writer.close()
    }
    let started = DispatchSemaphoreBox()
    var thread = pthread_t()
    let box = ReadBox(reader: reader, started: started)
    let context = Unmanaged.passRetained(box).toOpaque()
    pthread_create(
      &thread, nil,
      { context in
        guard let context else { return nil }
        let box = Unmanaged<ReadBox>.fromOpaque(context).takeRetainedValue()
        box.run()
        return nil
      }, context)
    started.wait()
    // Interrupt the read several times before answering it.
    for _ in 0..<5 {
      usleep(20_000)
      pthread_kill(thread, SIGUSR1)
    }
    try writer.writeAll([42])
    pthread_join(thread, nil)
    #expect(box.outcome == .success(1))
  }
}
