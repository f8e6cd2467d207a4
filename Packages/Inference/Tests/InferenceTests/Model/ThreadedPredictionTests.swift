import Testing

@testable import Inference

@Suite("Threaded predictions and profiling")
struct ThreadedPredictionTests {
  @Test("a batch spread over threads gives every item the bits it has alone")
  func threadsKeepBits() throws {
    let model = try KerasModel(contentsOf: TestFixtures.emotionModelURL())
    let inputs = try TestFixtures.tensor("fer_inputs.f32", shape: [6, 64, 64, 1])
    var items: [Tensor] = []
    for index in 0..<11 { items.append(try inputs.item(index % 6)) }
    let batch = try Tensor(stacking: items, itemShape: [64, 64, 1])
    let one = try model.predict(batch, threads: 1)
    let two = try model.predict(batch, threads: 2)
    let three = try model.predict(batch, threads: 3)
    #expect(one == two)
    #expect(one == three)
    for index in 0..<11 {
      let item = try inputs.item(index % 6).reshaped([1, 64, 64, 1])
      let alone = try model.predict(item, threads: 1)
      #expect(alone == (try one.item(index).reshaped([1, 7])), "item \(index)")
      // One item on two threads: its layers' rows are shared with the helper thread.
      #expect(try model.predict(item, threads: 2) == alone, "item \(index) on two threads")
    }
  }

  @Test("profile times every plan step and leaves predictions unchanged")
  func profile() throws {
    let model = try KerasModel(contentsOf: TestFixtures.emotionModelURL())
    let batch = try TestFixtures.tensor("fer_inputs.f32", shape: [6, 64, 64, 1])
    let before = try model.predict(batch)
    let steps = try model.profile(batch)
    #expect(steps.count == model.plan.steps.count)
    #expect(steps.allSatisfy { $0.seconds >= 0 && !$0.name.isEmpty })
    #expect(try model.predict(batch) == before)
    #expect(BLASConfiguration.measurePeakGFLOPS(size: 64, threads: 1, repeats: 1) > 0)
  }
}
