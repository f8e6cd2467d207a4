/// What the TermsOfUse module tells its coordinator.
@MainActor
protocol TermsOfUseModuleOutput: AnyObject {
  /// The user picked one of the buttons the coordinator asked for.
  func termsOfUse(didChoose action: DocumentAction)
}
