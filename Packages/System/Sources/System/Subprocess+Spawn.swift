import CSystem
import SystemLibc

// The steps of starting a child, in the order `Subprocess.init` takes them.
extension Subprocess {
  /// The pipe ends made for a child's streams: this process's, by stream, and the child's,
  /// closed here once it has been spawned.
  struct SpawnPipes {
    var ours: [StandardStream: FileDescriptor] = [:]
    var theirs: [FileDescriptor] = []
  }

  /// Adds to `actions` what puts each stream where it is to go, making the pipes it needs;
  /// on failure closes the pipes made so far.
  static func addStreams(
    _ streams: [(StandardStream, Stream)], to actions: inout posix_spawn_file_actions_t
  ) throws(Errno) -> SpawnPipes {
    var pipes = SpawnPipes()
    do throws(Errno) {
      for (stream, target) in streams {
        try add(stream, goingTo: target, to: &actions, pipes: &pipes)
      }
    } catch {
      for descriptor in Array(pipes.ours.values) + pipes.theirs { descriptor.close() }
      throw error
    }
    return pipes
  }

  private static func add(
    _ stream: StandardStream, goingTo target: Stream, to actions: inout posix_spawn_file_actions_t,
    pipes: inout SpawnPipes
  ) throws(Errno) {
    let number = Int32(stream.rawValue)
    switch target {
    case .inherit: break
    case .nullDevice:
      let flags = stream == .input ? O_RDONLY : O_WRONLY
      posix_spawn_file_actions_addopen(&actions, number, "/dev/null", flags, 0)
    case .file(let path):
      let flags = stream == .input ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
      posix_spawn_file_actions_addopen(&actions, number, path, flags, 0o600)
    case .descriptor(let descriptor):
      posix_spawn_file_actions_adddup2(&actions, descriptor.rawValue, number)
    case .standardOutput:
      posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, number)
    case .pipe:
      let ends = try FileDescriptor.pipe()
      let (mine, child) = stream == .input ? (ends.write, ends.read) : (ends.read, ends.write)
      pipes.ours[stream] = mine
      pipes.theirs.append(child)
      posix_spawn_file_actions_adddup2(&actions, child.rawValue, number)
    }
  }

  /// Adds the caller's own file actions, run after the streams are set.
  static func add(_ fileActions: [FileAction], to actions: inout posix_spawn_file_actions_t) {
    for action in fileActions {
      switch action {
      case .open(let path, let flags, let target):
        posix_spawn_file_actions_addopen(&actions, target, path, flags, 0)
      case .duplicate(let source, let target): posix_spawn_file_actions_adddup2(&actions, source, target)
      case .close(let target): posix_spawn_file_actions_addclose(&actions, target)
      }
    }
  }

  /// Sets every signal to its default action and blocks none in the child, whatever this
  /// thread has; with `startsSession`, the child leads a new session.
  static func setDefaultSignals(in attributes: inout posix_spawnattr_t, startsSession: Bool) {
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var flags = Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
    if startsSession { flags |= csystem_spawn_new_session_flag() }
    posix_spawnattr_setflags(&attributes, flags)
  }

  /// Spawns the child (`posix_spawnp` when `searchesPath`) with `environment`, or this
  /// process's when nil; its process id, or why it could not start.
  static func spawn(
    _ executable: String, arguments: [String], environment: [String]?, searchesPath: Bool,
    actions: inout posix_spawn_file_actions_t, attributes: inout posix_spawnattr_t
  ) -> Result<pid_t, Errno> {
    var child: pid_t = 0
    let spawned = withCStrings(arguments) { argv in
      if let environment {
        return withCStrings(environment) { envp in
          searchesPath
            ? posix_spawnp(&child, executable, &actions, &attributes, argv, envp)
            : posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        }
      }
      return searchesPath
        ? posix_spawnp(&child, executable, &actions, &attributes, argv, environ)
        : posix_spawn(&child, executable, &actions, &attributes, argv, environ)
    }
    return spawned == 0 ? .success(child) : .failure(Errno(spawned))
  }
}

/// Calls `body` with a NULL-terminated C array of copies of the strings.
private func withCStrings<Result>(
  _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
) -> Result {
  var pointers = strings.map { strdup($0) }
  pointers.append(nil)
  defer { for pointer in pointers { free(pointer) } }
  return body(pointers)
}
