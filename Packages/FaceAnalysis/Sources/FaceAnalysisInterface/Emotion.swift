/// An emotion the classifier names, in the model's class order (fer's mini-Xception,
/// trained on FER2013). The raw value is the name every output writes.
public enum Emotion: String, CaseIterable, Codable, Sendable {
  case angry, disgust, fear, happy, sad, surprise, neutral
}
