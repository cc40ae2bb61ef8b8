/*
 * dispatch.c - the fast engine's table of kernels and the choice among
 * them, made once per process: bdi_fast_enumerate runs the kernel that the
 * environment variable BITDOKU_ISA names, or by default the first in the
 * table (the widest first) that this library has and this machine runs;
 * bd_isa tells which, and whether BITDOKU_ISA was honoured.
 *
 * The choice is kept in an atomic pointer, set idempotently: it is a pure
 * function of BITDOKU_ISA and the processor, so threads that make it at
 * once store the same row, and every later call reads it with one load.
 * (call_once would need <threads.h>, which not every C library has, and a
 * thread library for the engine's sake, for no gain.) The processor's
 * features are asked with __builtin_cpu_supports, compiled only where a
 * kernel other than the base is built (x86-64 with gcc or clang, never
 * under BD_PORTABLE).
 *
 * A new kernel is its file, its entry in fast.h, a row here (with its
 * name in ACCEPTED) and its lines in CMakeLists.txt and
 * tests/CMakeLists.txt.
 */
#include "fast.h"
#include "core/engine.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#if defined(BDI_HAVE_FAST_AVX512) && !defined(BD_PORTABLE)
/* Whether the processor and system run avx512.c: the features its compile
 * flags allow (CMakeLists.txt). */
static bool avx512_runs_here(void)
{
    /* a no-op once the run-time library's constructor has run; needed
     * only when called before it (from another constructor) */
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
           && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi")
           && __builtin_cpu_supports("bmi2");
}
#define AVX512_KERNEL {"avx512", bdi_fast_enumerate_avx512, avx512_runs_here}
#else
#define AVX512_KERNEL {"avx512", NULL, NULL}
#endif

#if (defined(BDI_HAVE_FAST_AVX2) || defined(BDI_HAVE_NXN_AVX2)) && !defined(BD_PORTABLE)
/* Whether the processor and system run avx2.c, and the other files
 * CMakeLists.txt compiles with its flags (AVX2, POPCNT, BMI1, BMI2). */
static bool avx2_runs_here(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt")
           && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
}

/* The contract is in fast.h. */
bool bdi_fast_wide(void)
{
    return bdi_fast_choice().kernel->enumerate != bdi_fast_enumerate_base && avx2_runs_here();
}
#else
/* The contract is in fast.h: no code with AVX2's flags is built. */
bool bdi_fast_wide(void)
{
    return false;
}
#endif

#if defined(BDI_HAVE_FAST_AVX2) && !defined(BD_PORTABLE)
#define AVX2_KERNEL {"avx2", bdi_fast_enumerate_avx2, avx2_runs_here}
#else
#define AVX2_KERNEL {"avx2", NULL, NULL}
#endif

const bdi_fast_kernel bdi_fast_kernels[] = {
    AVX512_KERNEL,
    AVX2_KERNEL,
    {"base", bdi_fast_enumerate_base, NULL},
    {NULL, NULL, NULL},
};

/* What BITDOKU_ISA takes, for the messages of bd_isa. */
#define ACCEPTED " (accepted values: auto, base, avx2, avx512)"

/* The texts of bdi_isa_problem_text, by problem. */
static const char *const PROBLEM_TEXT[] = {
    [ISA_HONOURED] = NULL,
    [ISA_UNKNOWN] = "unknown instruction set" ACCEPTED,
    [ISA_NOT_BUILT] = "this library was built without it" ACCEPTED,
    [ISA_NOT_RUN] = "this machine does not run it" ACCEPTED,
};

/* The contract is in fast.h. */
const char *bdi_isa_problem_text(bdi_isa_problem problem)
{
    return PROBLEM_TEXT[problem];
}

/* The choice in use: the kernel (NULL until the first call makes the
 * choice), and the problem, stored before the kernel. */
static _Atomic(const bdi_fast_kernel *) chosen_kernel;
static atomic_int chosen_problem;

/* Whether `kernel` is built into this library and runs here. */
static bool usable(const bdi_fast_kernel *kernel)
{
    return kernel->enumerate && (!kernel->runs_here || kernel->runs_here());
}

/* The contract is in fast.h. */
bdi_isa_choice bdi_fast_choose(const char *isa)
{
    bdi_isa_choice choice = {bdi_fast_kernels, ISA_HONOURED};
    while (!usable(choice.kernel))
        choice.kernel++;   /* the base, last, is always usable */
    if (!isa || !*isa || !strcmp(isa, "auto"))
        return choice;
    const bdi_fast_kernel *named = bdi_fast_kernels;
    while (named->name && strcmp(named->name, isa))
        named++;
    if (!named->name)
        choice.problem = ISA_UNKNOWN;
    else if (!named->enumerate)
        choice.problem = ISA_NOT_BUILT;
    else if (!usable(named))
        choice.problem = ISA_NOT_RUN;
    else
        choice.kernel = named;
    return choice;
}

/* The contract is in fast.h. */
bdi_isa_choice bdi_fast_choice(void)
{
    bdi_isa_choice choice = {atomic_load_explicit(&chosen_kernel, memory_order_acquire),
                             ISA_HONOURED};
    if (choice.kernel) {
        choice.problem = (bdi_isa_problem)atomic_load_explicit(&chosen_problem,
                                                               memory_order_relaxed);
        return choice;
    }
    choice = bdi_fast_choose(getenv("BITDOKU_ISA"));
    atomic_store_explicit(&chosen_problem, (int)choice.problem, memory_order_relaxed);
    atomic_store_explicit(&chosen_kernel, choice.kernel, memory_order_release);
    return choice;
}

/* The contract is in core/engine.h: the kernel in use does the work. */
bool bdi_fast_enumerate(const bd_grid *puzzle, const bd_options *options, bdi_visitor *visitor,
                        bd_stats *stats)
{
    const bdi_fast_kernel *kernel = atomic_load_explicit(&chosen_kernel, memory_order_acquire);
    if (!kernel)
        kernel = bdi_fast_choice().kernel;
    return kernel->enumerate(puzzle, options, visitor, stats);
}

/* The contract is in bitdoku.h. */
bd_status bd_isa(const char **name, const char **why)
{
    bdi_isa_choice choice = bdi_fast_choice();
    if (name)
        *name = choice.kernel->name;
    if (why)
        *why = bdi_isa_problem_text(choice.problem);
    return choice.problem == ISA_HONOURED ? BD_OK : BD_EINVAL;
}
