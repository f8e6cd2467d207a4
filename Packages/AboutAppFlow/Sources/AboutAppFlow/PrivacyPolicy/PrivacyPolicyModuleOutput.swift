/// What the PrivacyPolicy module tells its coordinator.
@MainActor
protocol PrivacyPolicyModuleOutput: AnyObject {
  /// The user picked one of the buttons the coordinator asked for.
  func privacyPolicy(didChoose action: DocumentAction)
}
