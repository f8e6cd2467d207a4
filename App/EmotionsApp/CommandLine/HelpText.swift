/// The text of `--help` for the tool and its commands.
enum HelpText {
  /// Help for a topic: `nil` for the whole tool, or a command's name.
  static func text(for topic: String?) -> String? {
    switch topic {
    case nil: overview
    case "detect": detect
    case "merge": merge
    case "routes": routes
    default: nil
    }
  }

  static let overview = """
    emotions \(Emotions.version): facial emotion recognition in the terminal

    USAGE:
      emotions [--open <link>] [--fresh] [--model-dir <dir>] [--detector <d>]
               [--graphics auto|kitty|sixel|blocks]  the terminal app; pictures as the terminal allows
      emotions detect <path>... [options]            faces and emotions of images, folders, videos
      emotions merge <part>... --output <file>       the parts of a sharded detect run, as one run's
      emotions routes [--format tree|dot|mermaid]    flows, screens and deep links
      emotions --help | --version

    The app asks for consent on first launch, and reopens the screen the last session
    ended on (--fresh starts at home). Links look like emotions://about/privacy or
    emotions://vision?source=clip.mp4; type : inside the app to open one, whole or just
    its path (about/privacy).
    When stdin or stdout is not a terminal the app runs in line mode: one command per
    line (a menu number, back, quit, or :<link>).

    ENVIRONMENT:
      EMOTIONS_MODEL_DIR   folder with emotion_model.hdf5, haarcascade_frontalface_default.xml
                           and the BlazeFace .tflite models
      EMOTIONS_DETECTOR    haar, blazeface or blazeface-short, as --detector (which wins)
      EMOTIONS_STATE_DIR   folder for state.json (default $XDG_STATE_HOME/emotions)
      EMOTIONS_TRACE       navigation: every change of the screen stack, one line on stderr
      EMOTIONS_GRAPHICS    auto, kitty, sixel or blocks, as --graphics (which wins)
      EMOTIONS_CPU         generic, avx2 or avx512: the widest vectors the app's own kernels
                           use (default the best the CPU has; --version prints it)
      OPENBLAS_CORETYPE    OpenBLAS's kernels, for example Haswell (default chosen for the CPU)
      NO_COLOR, TERM=dumb  no colour (and pictures in half blocks)

    Run `emotions help detect`, `emotions help merge` or `emotions help routes` for a command's options.
    """

  static let merge = """
    USAGE: emotions merge <part>... [--output <file>] [--summary <file>] [--overwrite]

    Joins the parts of one sharded run (the --output files of emotions detect --shard K/N,
    JSON lines or CSV) into exactly the file one detect process would have written for the
    same inputs and options: the records in the inputs' order, one CSV header. Without
    --output the records go to standard output.

    Every part is checked first: all come from the same inputs, options and shard count, no
    shard is missing or given twice, no record appears twice, and every part is finished. A
    part that is unfinished or cut off is named with the command that finishes it (its
    detect command again, with --resume), and nothing is written.

    OPTIONS:
      --output <file>       write the merged records here, whole or not at all
      --summary <file>      write the merged people here, from the parts' --summary files
                            given among the parts (every shard with people must give its own)
      --overwrite           replace <file> when it exists (never a part)

    Exit status: 0 when the file was written, 1 when it could not be, 2 when the parts do
    not make one finished run or the command line is wrong.
    """

  static let detect = """
    USAGE: emotions detect <path>... [options]

    Finds faces and names their emotions. A path is an image (JPEG, PNG, PPM, PGM), a folder
    of images, a video file, a camera (/dev/videoN) or lavfi:<ffmpeg graph>.

    OPTIONS:
      --format <f>          table (default), json (one object per image or video frame)
                            or csv (one row per face, RFC 4180)
      --json                the same as --format json
      --annotate <out>      draw each face's box, label and score: a video or camera
                            becomes the video <out> (H.264 MP4, or what its extension
                            names), images become pictures in the folder <out>
      --detector <d>        blazeface (default: MediaPipe's BlazeFace full range, turned
                            and tilted faces, with keypoints and a confidence),
                            blazeface-short (faces within about 2 m of a camera) or haar
                            (OpenCV's cascade as fer runs it: fer's answers exactly)
      --min-size <px>       smallest face (default 50; haar only)
      --scale-factor <f>    detector scale step (default 1.1; haar only)
      --min-neighbors <n>   detections needed for a face (default 5; haar only)
      --every <n>           process every nth video frame (default 1)
      --whole-image         treat each image as one face, no detection
      --model-dir <dir>     where the model files are
      --shard K/N           process only inputs K, K+N, K+2N, ... (1-based)
      --timeline <out.svg>  draw a video's emotion scores over time, one lane per person
      --summary <file>      one row per person of each video: when they were seen, in how
                            many frames, their dominant steady emotion and mean scores
                            (CSV, or JSON lines for a name ending in .jsonl or .json)
      --no-tracks           no people: each frame's faces stand alone (no track, no
                            steady label, no summary)
      --output <file>       write the records to <file> instead of standard output,
                            each whole, the file synced to the disk at the end
      --resume              with --output (json or csv): continue the file of a run
                            that was stopped; its records stay (a torn last one is
                            dropped), what they cover is passed over, the rest is
                            appended, so the file ends as one run's, in another order
      --overwrite           replace output files that exist (never an input)

    No output replaces an input (the same file by any name or link) or a file already
    there unless --overwrite is given; such a run stops before it starts.
    Errors go to stderr and the other inputs go on. Exit status: 0 when every input was
    read, 1 when any failed, 2 for a usage error.
    """

  static let routes = """
    USAGE: emotions routes [--format tree|dot|mermaid]

    Prints the coordinator tree, each flow's screens and the deep links that open them,
    from the same declarations the app navigates with.
    """
}
