import CProcessor
import Foundation

/// The vector instructions the C kernels (the CNN's depthwise convolution, pooling, im2col and
/// epilogue in Inference, the Haar scan and BlazeFace's letterbox in FaceDetection) run with.
///
/// The kernels run with the best instruction set the CPU has, or a narrower one that the
/// environment variable `EMOTIONS_CPU` (`generic`, `avx2` or `avx512`) asks for; a wider one
/// than the CPU has is capped to the CPU's, and any other value is ignored
/// (``environmentProblem`` says so, and the `emotions` command refuses it).
public enum KernelConfiguration {
  /// The instruction set the kernels run with.
  public static var level: InstructionSet { InstructionSet(level: cprocessor_instruction_level()) }

  /// The best instruction set this CPU has.
  public static var available: InstructionSet { InstructionSet(level: cprocessor_cpu_instruction_level()) }

  /// The instruction set the kernels picked at run time: `"AVX-512"`, `"AVX2+FMA"` or
  /// `"generic"`.
  public static var instructionSet: String { level.description }

  /// What `EMOTIONS_CPU` holds when it names no instruction set, as one line, or nil.
  public static var environmentProblem: String? {
    guard cprocessor_requested_instruction_level() == Int32(CPROCESSOR_LEVEL_UNKNOWN) else { return nil }
    return problem(value: ProcessInfo.processInfo.environment["EMOTIONS_CPU"] ?? "", available: available)
  }

  /// The line ``environmentProblem`` gives for an `EMOTIONS_CPU` of `value` on a CPU whose
  /// best is `available`.
  public static func problem(value: String, available: InstructionSet) -> String {
    "EMOTIONS_CPU=\(value) names no instruction set: use generic, avx2 or avx512, "
      + "or unset it for the best this CPU has (\(available.environmentValue))"
  }

  /// The instruction set in use and why, for `--version` and an About screen: for example
  /// `AVX2+FMA (EMOTIONS_CPU=avx2; the CPU has AVX-512)`.
  public static var summary: String {
    summary(
      value: ProcessInfo.processInfo.environment["EMOTIONS_CPU"], available: available,
      level: InstructionSet(level: cprocessor_instruction_level()))
  }

  /// The summary for an `EMOTIONS_CPU` of `value` (nil when unset) on a CPU whose best is
  /// `available`, with the kernels at `level`.
  public static func summary(value: String?, available: InstructionSet, level: InstructionSet) -> String {
    let requested = value.map { cprocessor_parse_instruction_level($0) } ?? Int32(CPROCESSOR_LEVEL_UNSET)
    if requested == Int32(CPROCESSOR_LEVEL_UNKNOWN) {
      return "\(level) (\(problem(value: value ?? "", available: available)))"
    }
    guard requested >= 0 else { return "\(level) (the best this CPU has)" }
    let asked = InstructionSet(level: requested)
    if asked > available {
      return "\(level) (EMOTIONS_CPU=\(asked.environmentValue), capped to what the CPU has)"
    }
    return "\(level) (EMOTIONS_CPU=\(asked.environmentValue); the CPU has \(available))"
  }

  /// The instruction sets this CPU can run, narrowest first: what tests compare.
  public static var runnable: [InstructionSet] { InstructionSet.allCases.filter { $0 <= available } }

  /// Runs `body` with the calling thread's kernels at `level` (capped to the CPU's), then
  /// restores the process's level. Work `body` hands to other threads keeps the process's.
  public static func withLevel<T, E: Error>(_ level: InstructionSet, _ body: () throws(E) -> T) throws(E) -> T
  {
    cprocessor_override_instruction_level(Int32(level.rawValue))
    defer { cprocessor_override_instruction_level(-1) }
    return try body()
  }
}
