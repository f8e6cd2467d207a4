/// Reaches into AlphaFlow's storage by spelling its key, as the app's state once did with
/// `"main.lastSource"`: the key is the flow's to name.
public enum LastChoice {
  /// The stored key of AlphaFlow's last choice.
  public static let storageName = "alpha.lastChoice"
}
