import Foundation
import SystemTesting

/// Debian's `chromium`, headless, as the report's real-browser tests run it: a child with a
/// deadline (ended and reaped if it overruns, by ``ChildProcess``), its own home and a fresh
/// profile (`--user-data-dir`) in a scratch folder removed after each run, `--no-sandbox` (it
/// runs as root in CI) and every host name unresolvable, so that nothing leaves the machine.
struct ReportHeadlessChromium {
  /// Why a run of Chromium failed.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The browser on `PATH` (`chromium`, else `chromium-browser`), or nil when not installed.
  static let executable: String? = {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    for name in ["chromium", "chromium-browser"] {
      for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
        return "\(folder)/\(name)"
      }
    }
    return nil
  }()

  /// How long one run may take.
  var deadline: Duration = .seconds(120)

  /// The document as Chromium has it once `page` has loaded (`--dump-dom`), serialised;
  /// with `netLog`, every network event written there as JSON (`--log-net-log`).
  func dumpDOM(of page: URL, netLog: URL? = nil) throws -> String {
    let extra = netLog.map { ["--log-net-log=\($0.path)"] } ?? []
    return String(decoding: try run(extra + ["--dump-dom", page.absoluteString]), as: UTF8.self)
  }

  /// A PNG screenshot of `page` in a `width` by `height` window.
  func screenshot(of page: URL, width: Int, height: Int) throws -> [UInt8] {
    let scratch = try TestFiles.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let shot = scratch.appendingPathComponent("screenshot.png")
    _ = try run([
      "--screenshot=\(shot.path)", "--window-size=\(width),\(height)", "--hide-scrollbars",
      page.absoluteString,
    ])
    return [UInt8](try Data(contentsOf: shot))
  }

  /// The command lines' common options, before a run's own.
  static func options(profile: URL) -> [String] {
    [
      "--headless=new", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)", "--no-first-run",
      "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--disable-breakpad", "--force-color-profile=srgb",
      "--force-device-scale-factor=1", "--host-resolver-rules=MAP * ~NOTFOUND",
    ]
  }

  /// Runs Chromium with `arguments` after the common options, in a scratch home and profile
  /// removed afterwards; its standard output, or a failure with the end of its errors.
  private func run(_ arguments: [String]) throws -> Data {
    guard let executable = Self.executable else { throw Failure(description: "chromium is not installed") }
    let scratch = try TestFiles.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let home = scratch.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = home.path
    environment["XDG_CONFIG_HOME"] = home.appendingPathComponent(".config").path
    environment["XDG_CACHE_HOME"] = home.appendingPathComponent(".cache").path
    let command = [executable] + Self.options(profile: scratch.appendingPathComponent("profile")) + arguments
    let start = ContinuousClock.now
    let result = try ChildProcess.run(command, environment: environment, deadline: deadline)
    guard result.status == 0 else {
      let late = ContinuousClock.now - start >= deadline ? " (ended at its deadline of \(deadline))" : ""
      let errors = String(decoding: result.errors, as: UTF8.self).split(separator: "\n")
        .filter { !$0.contains("dbus") }.suffix(5).joined(separator: "\n")
      throw Failure(description: "chromium exited with \(result.status)\(late): \(errors)")
    }
    return result.output
  }

  /// The URLs of the requests a page made (not Chromium's own, whose initiator is
  /// `not an origin`), from a net log that `dumpDOM(of:netLog:)` wrote, except `file:` and
  /// `data:` ones.
  static func pageRequests(inNetLog log: URL) throws -> [String] {
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: log)) as? [String: Any]
    let constants = object?["constants"] as? [String: Any]
    let types = constants?["logEventTypes"] as? [String: Int]
    guard let startJob = types?["URL_REQUEST_START_JOB"], let events = object?["events"] as? [[String: Any]]
    else {
      throw Failure(description: "\(log.path) is not a net log with URL_REQUEST_START_JOB events")
    }
    return events.compactMap { event in
      guard event["type"] as? Int == startJob, let parameters = event["params"] as? [String: Any],
        let url = parameters["url"] as? String, parameters["initiator"] as? String != "not an origin",
        !url.hasPrefix("file:"), !url.hasPrefix("data:")
      else { return nil }
      return url
    }
  }
}
