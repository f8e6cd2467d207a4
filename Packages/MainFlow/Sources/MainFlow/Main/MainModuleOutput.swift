/// What the Main module tells its coordinator.
@MainActor
protocol MainModuleOutput: AnyObject {
  /// The user chose to recognise emotions.
  func mainDidSelectVision()
  /// The user chose About this app.
  func mainDidSelectAbout()
  /// The user chose Quit.
  func mainDidSelectQuit()
}
