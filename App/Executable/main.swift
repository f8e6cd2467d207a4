import EmotionsApp

// The `emotions` executable: the whole tool is the EmotionsApp library.
MainActor.assumeIsolated { Emotions.main() }
