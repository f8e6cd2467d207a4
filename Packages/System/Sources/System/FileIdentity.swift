import SystemLibc

/// Which file a path names, as the system knows it: its device and inode. Two paths with the
/// same identity are the same file, whether reached through a hard link, a symbolic link or
/// a path spelled another way (`./a.mp4`, `dir/../a.mp4`).
public struct FileIdentity: Hashable, Sendable {
  /// The device the file is on.
  public let device: UInt64
  /// The file's inode on that device.
  public let inode: UInt64

  /// The identity of the file at `path`, following symbolic links; nil when nothing is there
  /// (or `stat` fails, as for a symbolic-link loop).
  public init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }

  /// The identity of the open file `descriptor`; nil when `fstat` fails.
  public init?(descriptor: FileDescriptor) {
    var info = stat()
    guard fstat(descriptor.rawValue, &info) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }

  /// Removes the name `path` when it still names this file itself (not a link to it): a file
  /// this process made and nothing replaced since. True when it was removed.
  @discardableResult
  public func removeName(_ path: String) -> Bool {
    var info = stat()
    guard lstat(path, &info) == 0, UInt64(info.st_dev) == device, UInt64(info.st_ino) == inode else {
      return false
    }
    return unlink(path) == 0
  }

  /// Whether anything has the name `path`, a dangling symbolic link included.
  public static func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
  }
}
