// What this CPU's vectors can do, for the kernels that choose a loop by instruction set.
#ifndef CPROCESSOR_H
#define CPROCESSOR_H

/// The instruction set the kernels run with: 2 for AVX-512 (F, BW, DQ, VL) with FMA, 1 for
/// AVX2 with FMA, 0 for the generic code. The best the CPU has, capped by `EMOTIONS_CPU`
/// (read once) and, on the calling thread, by `cprocessor_override_instruction_level`.
int cprocessor_instruction_level(void);

/// The best instruction set of this CPU, as a level of `cprocessor_instruction_level`.
int cprocessor_cpu_instruction_level(void);

enum {
  /// `EMOTIONS_CPU` is not set (or empty).
  CPROCESSOR_LEVEL_UNSET = -1,
  /// `EMOTIONS_CPU` names none of generic, avx2 and avx512: the kernels ignore it.
  CPROCESSOR_LEVEL_UNKNOWN = -2,
};

/// The level `EMOTIONS_CPU` asks for (generic, avx2 or avx512, in any case), before it is
/// capped to the CPU's, or CPROCESSOR_LEVEL_UNSET or CPROCESSOR_LEVEL_UNKNOWN.
int cprocessor_requested_instruction_level(void);

/// A value of `EMOTIONS_CPU` as `cprocessor_requested_instruction_level` reads it.
int cprocessor_parse_instruction_level(const char *value);

/// Runs the calling thread's kernels at `level` (capped to the CPU's) from now on, or as
/// the process does again when `level` is negative: a seam for tests comparing the levels.
void cprocessor_override_instruction_level(int level);

/// Bits of `cprocessor_cpu_features`.
enum {
  CPROCESSOR_CPU_SSE3 = 1 << 0,
  CPROCESSOR_CPU_SSSE3 = 1 << 1,
  CPROCESSOR_CPU_SSE4_2 = 1 << 2,
  CPROCESSOR_CPU_AVX = 1 << 3,
  CPROCESSOR_CPU_AVX2 = 1 << 4,
  CPROCESSOR_CPU_FMA = 1 << 5,
  CPROCESSOR_CPU_AVX512F = 1 << 6,
  CPROCESSOR_CPU_AVX512BW = 1 << 7,
  CPROCESSOR_CPU_AVX512DQ = 1 << 8,
  CPROCESSOR_CPU_AVX512VL = 1 << 9,
  CPROCESSOR_CPU_AVX512BF16 = 1 << 10,
  CPROCESSOR_CPU_AVX512VNNI = 1 << 11,
  CPROCESSOR_CPU_AVX512VBMI = 1 << 12,
};

/// The vector extensions of this CPU that the system also enables, as CPROCESSOR_CPU_* bits
/// (0 on other architectures than x86-64).
unsigned cprocessor_cpu_features(void);

#endif
