/*
 * platform.h - asks for POSIX where there is one, and says so with
 * BITDOKU_POSIX. Include it before anything else; the files that use
 * POSIX calls keep a plain C fallback for when it is not defined.
 */
#ifndef BITDOKU_PLATFORM_H
#define BITDOKU_PLATFORM_H

#if defined(__unix__) || defined(__APPLE__)
#define _POSIX_C_SOURCE 200809L
#define BITDOKU_POSIX 1
#endif

#endif
