import TerminalUI
import TerminalUISixel

/// How the app shows pictures: `--graphics`, else `EMOTIONS_GRAPHICS`, else asking the
/// terminal; with both encoders, sixel's from libsixel.
enum GraphicsChoice {
  /// The preference: the option, else the variable when it names one, else `auto`.
  static func preference(option: GraphicsPreference?, environment: [String: String]) -> GraphicsPreference {
    if let option { return option }
    if let text = environment["EMOTIONS_GRAPHICS"]?.lowercased(),
      let chosen = GraphicsPreference(rawValue: text)
    {
      return chosen
    }
    return .auto
  }

  /// What the run loop gets.
  static func support(option: GraphicsPreference?, environment: [String: String]) -> GraphicsSupport {
    GraphicsSupport(
      preference: preference(option: option, environment: environment), sixelEncoder: SixelImageEncoder())
  }
}
