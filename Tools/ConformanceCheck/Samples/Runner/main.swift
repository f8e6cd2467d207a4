import BaseNotesFlow
import DoubleFinishNotesFlow
import LeakyPresenterNotesFlow
import Navigation
import NavigationTesting
import UndeclaredRouteNotesFlow
import UnwrittenQueryNotesFlow

// Runs the conformance kit on every sample and prints, for each, `== <folder>` and its report.
let environment = FlowEnvironment(host: HostApplication(name: "Samples", version: "0"))
let samples: [(folder: String, factory: any FlowFactory)] = [
  ("Base", BaseNotesFlow.NotesFlowFactory(environment: environment)),
  ("unwritten-query", UnwrittenQueryNotesFlow.NotesFlowFactory(environment: environment)),
  ("leaky-presenter", LeakyPresenterNotesFlow.NotesFlowFactory(environment: environment)),
  ("double-finish", DoubleFinishNotesFlow.NotesFlowFactory(environment: environment)),
  ("undeclared-route", UndeclaredRouteNotesFlow.NotesFlowFactory(environment: environment)),
]
for sample in samples {
  print("== \(sample.folder)")
  print(FlowConformance(sample.factory).check())
}
