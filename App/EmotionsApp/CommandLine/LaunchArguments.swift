import DetectCommand
import FaceAnalysisInterface
import Navigation
import OptionTable
import TerminalUI

/// What `emotions` without a command reads: the terminal app's options, or a request for the
/// manual page or a completion script (hidden options, for Tools/package and Tools/install).
struct LaunchArguments: Sendable {
  /// The terminal app's options.
  var options = InteractiveOptions()
  /// `--generate-manual` or `--generate-completion-script`: what to print instead of starting.
  var generated: Command?

  /// The table of the tool alone; `links` are the deep links its completions offer for
  /// `--open` (the parser needs none).
  static func table(links: [String] = []) -> CommandTable<LaunchArguments> {
    let commands = ["detect", "merge", "report", "routes"]
    return CommandTable(
      name: nil,
      synopsis: "[--open <link>] [--fresh] [options]",
      abstract: "the terminal app: a source's faces and emotions, live, with pictures as the terminal allows",
      discussion: [
        "The app asks for consent on first launch, and reopens the screen the last session ended on "
          + "(--fresh starts at home). Links look like emotions://about/privacy or "
          + "emotions://vision?source=clip.mp4; type : inside the app to open one, whole or just its path "
          + "(about/privacy).",
        "When stdin or stdout is not a terminal the app runs in line mode: one command per line (a menu "
          + "number, back, quit, or :<link>).",
      ],
      notes: ["Run `emotions help <command>` for a command's options: \(commands.joined(separator: ", "))."],
      options: [
        .help("-h", "--help", help: "show this help"),
        .version("-V", "--version", help: "print the version, OpenBLAS's kernels and the app's own kernels"),
        .value(
          "--open", value: OptionValue("link", .suggested(links)),
          help: "start at a deep link, whole (emotions://about/privacy) or just its path (about/privacy)"
        ) { (arguments: inout LaunchArguments, text: String) throws(UsageError) in
          do throws(DeepLinkError) {
            arguments.options.link = try Emotions.linkScheme.parse(linkOrPath: text)
          } catch {
            throw UsageError("--open: \(error.description)")
          }
        },
        .flag("--fresh", help: "start at home (or the link given), not where the last session ended") {
          $0.options.startsFresh = true
        },
        .value(
          "--model-dir", value: OptionValue("dir", .folder),
          help: "where the model files are (the only folder searched when given)"
        ) { $0.options.modelDirectory = $1 },
        .choice(
          "--graphics", valueName: "mode",
          help: "how pictures are shown: auto (ask the terminal; the default), kitty, sixel or blocks "
            + "(half blocks); EMOTIONS_GRAPHICS when not given"
        ) { (arguments: inout LaunchArguments, graphics: GraphicsPreference) in
          arguments.options.graphics = graphics
        },
        FaceDetectorKind.option { $0.options.detector = $1 },
        .flag("--generate-manual", help: "print the manual page emotions(1) in roff", hidden: true) {
          $0.generated = .manual
        },
        .choice(
          "--generate-completion-script", valueName: "shell",
          help: "print the completion script for bash, zsh or fish", hidden: true
        ) { (arguments: inout LaunchArguments, shell: Shell) in arguments.generated = .completionScript(shell)
        },
      ],
      unknownOption: { "unknown option \($0)" },
      unexpectedArgument: {
        "unknown command “\($0)”; the commands are \(commands.dropLast().joined(separator: ", ")) and "
          + (commands.last ?? "")
      })
  }
}
