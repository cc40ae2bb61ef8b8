/*
 * record.c - a record as the reader fills it: cleared before it is read,
 * then its first fault kept. The files above call bdi_fault at every
 * fault they meet, in the order they meet them; only the first is kept,
 * so that a record is reported once, at its first fault, with its 1-based
 * line and column and a message.
 */
#include "io.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void bdi_record_clear(bd_record *rec)
{
    memset(rec, 0, offsetof(bd_record, row));   /* the row: only when there is one */
    rec->answer_field = -1;
    rec->row[0] = '\0';
}

void bdi_fault(bd_record *rec, unsigned long line, unsigned long col, const char *fmt, ...)
{
    if (rec->err_line)
        return;
    va_list args;
    va_start(args, fmt);
    vsnprintf(rec->err_msg, sizeof rec->err_msg, fmt, args);
    va_end(args);
    rec->err_line = line;
    rec->err_col = col ? col : 1;
}
