// The one file that imports the C library by name: the frame sources and the image reader call
// these wrappers.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin wrappers over the POSIX calls the frame sources and the image reader need: spawning a
/// child with its stdout on a pipe and its stderr in a file, reading the pipe, signalling and
/// reaping the child, and reading a regular file without blocking on anything else.
enum POSIX {
  /// A spawned child: its pid and this process's end of its pipe (its stdout's read end, or
  /// its stdin's write end).
  struct Child {
    let pid: pid_t
    let output: Int32
  }

  /// Linux's `F_SETPIPE_SZ`, which Glibc's module leaves out (it is a GNU extension).
  private static let setPipeSize: Int32 = 1031

  /// The `errno` text of the last failed call.
  static func lastError() -> String {
    String(cString: strerror(errno))
  }

  /// Which of the child's standard streams is the pipe to this process.
  enum PipeEnd {
    /// The child's stdout, read here; its stdin is `/dev/null`.
    case childOutput
    /// The child's stdin, written here; its stdout is `/dev/null`.
    case childInput
  }

  /// Starts `executable` with `arguments` (argv[0] included), one of its standard streams on
  /// a new pipe (`pipeEnd`: by default stdout, with no stdin) and stderr written to
  /// `errorFile`. Signal dispositions and the signal mask are reset to their defaults in the
  /// child, so SIGPIPE and SIGINT stop it even if this process ignores them. ``Child/output``
  /// is this process's end of the pipe.
  static func spawn(
    executable: String, arguments: [String], errorFile: String, pipeEnd: PipeEnd = .childOutput
  ) -> Result<Child, SpawnFailure> {
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0 else { return .failure(SpawnFailure(reason: "pipe: \(lastError())")) }
    // `ours` stays here, `theirs` becomes the child's stdin or stdout.
    let (ours, theirs) = pipeEnd == .childOutput ? (pipeEnds[0], pipeEnds[1]) : (pipeEnds[1], pipeEnds[0])
    _ = fcntl(ours, F_SETFD, FD_CLOEXEC)
    // A pipe of 1 MiB (the limit for unprivileged processes) lets a child run a frame or more
    // ahead of this process instead of 64 KiB; when the call fails nothing changes.
    _ = fcntl(ours, setPipeSize, Int32(1 << 20))

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if pipeEnd == .childOutput {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_adddup2(&actions, theirs, 1)
    } else {
      posix_spawn_file_actions_adddup2(&actions, theirs, 0)
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addclose(&actions, theirs)
    posix_spawn_file_actions_addclose(&actions, ours)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    argv.append(nil)
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
    close(theirs)
    guard status == 0 else {
      close(ours)
      return .failure(SpawnFailure(reason: String(cString: strerror(status))))
    }
    return .success(Child(pid: pid, output: ours))
  }

  struct SpawnFailure: Error {
    let reason: String
  }

  /// Reads up to `count` bytes, retrying on EINTR. Returns 0 at end of file, -1 on error.
  static func readBytes(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
    while true {
      let result = read(descriptor, buffer, count)
      if result < 0, errno == EINTR { continue }
      return result
    }
  }

  /// Writes all `count` bytes, retrying on EINTR and short writes. Returns false on an error
  /// (EPIPE when the reader has gone). SIGPIPE is blocked in this thread meanwhile, and one it
  /// raised is taken back, so a reader that goes away never kills a process that did not
  /// ignore the signal.
  static func writeAll(_ descriptor: Int32, from buffer: UnsafeRawPointer, count: Int) -> Bool {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
    var pending = sigset_t()
    sigpending(&pending)
    let wasPending = sigismember(&pending, SIGPIPE) == 1
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    var written = 0
    while written < count {
      let result = write(descriptor, buffer + written, count - written)
      if result < 0 {
        if errno == EINTR { continue }
        if errno == EPIPE, !wasPending {
          var none = timespec(tv_sec: 0, tv_nsec: 0)
          _ = sigtimedwait(&pipeSignal, nil, &none)
        }
        return false
      }
      written += result
    }
    return true
  }

  /// Removes a file; nothing happens when there is none.
  static func removeFile(_ path: String) {
    _ = unlink(path)
  }

  static func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
  }

  /// Sends `signal` to `pid`.
  static func send(_ signal: Int32, to pid: pid_t) {
    _ = kill(pid, signal)
  }

  static let terminate = SIGTERM
  static let forceKill = SIGKILL

  /// The exit status when the child has ended (reaping it), nil while it runs.
  static func reapIfExited(_ pid: pid_t) -> Int32? {
    var status: Int32 = 0
    let result = waitpid(pid, &status, WNOHANG)
    if result == pid { return decode(status) }
    if result < 0 { return -1 }
    return nil
  }

  /// Waits for the child to end and reaps it.
  static func waitForExit(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, 0)
      if result == pid { return decode(status) }
      if result < 0, errno == EINTR { continue }
      return -1
    }
  }

  /// Exit code, or 128 + signal number for a child killed by a signal.
  private static func decode(_ status: Int32) -> Int32 {
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }

  /// Sleeps for `milliseconds`.
  static func pause(milliseconds: Int) {
    _ = usleep(useconds_t(milliseconds * 1000))
  }

  /// Whether `path` names an executable file.
  static func isExecutable(_ path: String) -> Bool {
    access(path, X_OK) == 0
  }

  /// What is at a path (following symbolic links), or why nothing usable is there.
  enum PathStatus: Equatable {
    /// A regular file.
    case regularFile
    /// A folder.
    case directory
    /// Something that is not a file to read: `what` is, for example, "a named pipe".
    case special(what: String)
    /// No such file.
    case missing
    /// `stat` or `open` failed for another reason (a symbolic-link loop, no permission).
    case failed(reason: String)
  }

  /// What `stat` says is at `path`. Never blocks, whatever is there.
  static func status(of path: String) -> PathStatus {
    var info = stat()
    guard stat(path, &info) == 0 else { return failure(errno) }
    return status(mode: info.st_mode)
  }

  /// The whole content of the regular file at `path`, or what is there instead. The file is
  /// opened without blocking, so a named pipe (even one put there after a check) cannot hang
  /// the read.
  static func readRegularFile(_ path: String) -> Result<[UInt8], PathProblem> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return .failure(PathProblem(status: failure(errno))) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(PathProblem(status: failure(errno))) }
    let kind = status(mode: info.st_mode)
    guard kind == .regularFile else { return .failure(PathProblem(status: kind)) }
    var bytes = [UInt8]()
    bytes.reserveCapacity(max(0, Int(info.st_size)))
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return .success(bytes) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(PathProblem(status: failure(errno)))
      }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  /// The last line of the file at `path` that is not blank, trimmed; `nil` when there is
  /// none or the file cannot be read. For a child's stderr, read with POSIX calls: Foundation's
  /// whole-file readers leak their buffer on an empty file.
  static func lastLine(ofFile path: String) -> String? {
    guard case .success(let bytes) = readRegularFile(path) else { return nil }
    for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).reversed() {
      guard let first = line.firstIndex(where: { !$0.isWhitespace }),
        let last = line.lastIndex(where: { !$0.isWhitespace })
      else { continue }
      return String(line[first...last])
    }
    return nil
  }

  /// A ``PathStatus`` other than `.regularFile`, as an error.
  struct PathProblem: Error, Equatable {
    let status: PathStatus
  }

  private static func status(mode: mode_t) -> PathStatus {
    switch mode & S_IFMT {
    case S_IFREG: return .regularFile
    case S_IFDIR: return .directory
    case S_IFIFO: return .special(what: "a named pipe")
    case S_IFSOCK: return .special(what: "a socket")
    case S_IFCHR: return .special(what: "a character device")
    case S_IFBLK: return .special(what: "a block device")
    default: return .special(what: "not a regular file")
    }
  }

  private static func failure(_ code: Int32) -> PathStatus {
    code == ENOENT || code == ENOTDIR ? .missing : .failed(reason: String(cString: strerror(code)))
  }
}
