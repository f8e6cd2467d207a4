/// Assigns graph tensors to arena slots, reusing a slot once its readers are done.
package struct SlotAllocator {
  /// Floats per batch item of each slot.
  private(set) var sizes: [Int] = []
  private var remaining: [Int]
  private var slotReaders: [Int] = []
  private var free: [Int] = []

  /// An allocator for a graph whose nodes have `readers` readers each.
  package init(readers: [Int]) {
    remaining = readers
  }

  /// A slot for node `index`'s output: the smallest free one that fits, else the largest
  /// free one grown, else a new one.
  package mutating func allocate(for index: Int, size: Int) -> Int {
    let slot: Int
    if let fit = free.filter({ sizes[$0] >= size }).min(by: { sizes[$0] < sizes[$1] }) {
      slot = fit
    } else if let largest = free.max(by: { sizes[$0] < sizes[$1] }) {
      slot = largest
    } else {
      slot = sizes.count
      sizes.append(0)
      slotReaders.append(0)
    }
    free.removeAll { $0 == slot }
    sizes[slot] = max(sizes[slot], size)
    slotReaders[slot] = remaining[index]
    return slot
  }

  /// Node `index` (an identity) reads through to `slot`: the slot stays busy for its readers.
  package mutating func share(_ slot: Int, with index: Int) {
    slotReaders[slot] += remaining[index]
  }

  /// One reader of a tensor is done.
  package mutating func release(_ storage: ExecutionPlan.Storage) {
    guard case .slot(let slot) = storage else { return }
    slotReaders[slot] -= 1
    if slotReaders[slot] == 0 { free.append(slot) }
  }

  /// Frees a slot nobody reads (a node whose output is unused).
  package mutating func releaseIfUnread(_ slot: Int) {
    if slotReaders[slot] == 0 && !free.contains(slot) { free.append(slot) }
  }
}
