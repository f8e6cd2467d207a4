import CProcessor
import Processor
import Testing

@Suite("Instruction sets")
struct KernelConfigurationTests {
  @Test("the kernels name their instruction set, at most the CPU's best")
  func levels() {
    #expect(["AVX-512", "AVX2+FMA", "generic"].contains(KernelConfiguration.instructionSet))
    #expect(KernelConfiguration.level <= KernelConfiguration.available)
    #expect(KernelConfiguration.runnable.first == .generic)
    #expect(KernelConfiguration.runnable.last == KernelConfiguration.available)
  }

  @Test("the CPU's features agree with its best level")
  func features() {
    let features = CPUFeatures.current
    #expect((KernelConfiguration.available >= .avx2) == features.isSuperset(of: [.avx2, .fma]))
    #expect((KernelConfiguration.available == .avx512) == features.isSuperset(of: .avx512))
  }

  @Test("EMOTIONS_CPU names a level in any case; empty is unset, anything else unknown")
  func environmentValues() {
    #expect(cprocessor_parse_instruction_level("generic") == 0)
    #expect(cprocessor_parse_instruction_level("AVX2") == 1)
    #expect(cprocessor_parse_instruction_level("avx512") == 2)
    #expect(cprocessor_parse_instruction_level("") == Int32(CPROCESSOR_LEVEL_UNSET))
    #expect(cprocessor_parse_instruction_level(nil) == Int32(CPROCESSOR_LEVEL_UNSET))
    #expect(cprocessor_parse_instruction_level("sse4") == Int32(CPROCESSOR_LEVEL_UNKNOWN))
    #expect(cprocessor_parse_instruction_level("avx") == Int32(CPROCESSOR_LEVEL_UNKNOWN))
  }

  @Test("the summary names the level, the variable and the CPU's best")
  func summaries() {
    #expect(
      KernelConfiguration.summary(value: nil, available: .avx2, level: .avx2)
        == "AVX2+FMA (the best this CPU has)")
    #expect(
      KernelConfiguration.summary(value: "avx2", available: .avx512, level: .avx2)
        == "AVX2+FMA (EMOTIONS_CPU=avx2; the CPU has AVX-512)")
    #expect(
      KernelConfiguration.summary(value: "avx512", available: .avx2, level: .avx2)
        == "AVX2+FMA (EMOTIONS_CPU=avx512, capped to what the CPU has)")
    let unknown = KernelConfiguration.summary(value: "fast", available: .avx512, level: .avx512)
    #expect(unknown.hasPrefix("AVX-512 (EMOTIONS_CPU=fast names no instruction set"))
    #expect(KernelConfiguration.problem(value: "fast", available: .avx2).hasSuffix("(avx2)"))
  }

  @Test("a thread's override runs its kernels at that level, capped to the CPU's, and ends")
  func override() {
    let process = KernelConfiguration.level
    for level in InstructionSet.allCases {
      KernelConfiguration.withLevel(level) {
        #expect(KernelConfiguration.level == min(level, KernelConfiguration.available))
      }
      #expect(KernelConfiguration.level == process)
    }
  }
}
