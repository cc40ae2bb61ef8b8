/*
 * printf_like.h - CLI_PRINTF_LIKE, which lets the compiler check the
 * formats given to the command line's own printf-style functions.
 */
#ifndef BITDOKU_CLI_PRINTF_LIKE_H
#define BITDOKU_CLI_PRINTF_LIKE_H

#if defined(__GNUC__)
#define CLI_PRINTF_LIKE(fmt_arg, first_arg) __attribute__((format(printf, fmt_arg, first_arg)))
#else
#define CLI_PRINTF_LIKE(fmt_arg, first_arg)
#endif

#endif
