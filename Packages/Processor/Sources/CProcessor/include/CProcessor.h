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

/// The features `cprocessor_cpu_features` reports, one table for the bits below and the
/// detection: `X(NAME, bit, "name __builtin_cpu_supports knows")` for each.
#define CPROCESSOR_CPU_FEATURES(X) \
  X(SSE3, 0, "sse3")               \
  X(SSSE3, 1, "ssse3")             \
  X(SSE4_2, 2, "sse4.2")           \
  X(AVX, 3, "avx")                 \
  X(AVX2, 4, "avx2")               \
  X(FMA, 5, "fma")                 \
  X(AVX512F, 6, "avx512f")         \
  X(AVX512BW, 7, "avx512bw")       \
  X(AVX512DQ, 8, "avx512dq")       \
  X(AVX512VL, 9, "avx512vl")       \
  X(AVX512BF16, 10, "avx512bf16")  \
  X(AVX512VNNI, 11, "avx512vnni")  \
  X(AVX512VBMI, 12, "avx512vbmi")

/// Bits of `cprocessor_cpu_features`: CPROCESSOR_CPU_SSE3, CPROCESSOR_CPU_SSSE3, …
enum {
#define CPROCESSOR_CPU_BIT(name, bit, text) CPROCESSOR_CPU_##name = 1 << bit,
  CPROCESSOR_CPU_FEATURES(CPROCESSOR_CPU_BIT)
#undef CPROCESSOR_CPU_BIT
};

/// The vector extensions of this CPU that the system also enables, as CPROCESSOR_CPU_* bits
/// (0 on other architectures than x86-64).
unsigned cprocessor_cpu_features(void);

#endif
