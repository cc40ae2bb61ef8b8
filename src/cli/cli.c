/*
 * cli.c - the dispatcher: argv -> settings (options.c) -> the command
 * (commands.c) -> the exit status.
 *
 * A per-record command answers every record of every input, in input
 * order, so that answers line up with puzzles (batch.c); diagnostics go to
 * stderr as `bitdoku: FILE:LINE:COL: message`. A command with a run
 * function of its own does the whole job itself.
 */
#include "cli.h"
#include "answer.h"
#include "batch.h"
#include "bitdoku.h"
#include "commands.h"
#include "drawing.h"
#include "options.h"
#include "output.h"
#include "session.h"
#include "settings.h"
#include "sized.h"


enum { DEFAULT_COUNT_LIMIT = 1000000 };

/* The exit status the session's outcomes call for: fatal, then malformed,
 * then misframed input, then a search cut short (README: exit status). */
static int exit_status(const session *ses)
{
    const uint64_t *n = ses->out.by_outcome;
    if (ses->fatal || n[OUTCOME_FAILED])
        return CLI_FATAL;
    if (ses->malformed || n[OUTCOME_MALFORMED] || n[OUTCOME_REJECTED])
        return CLI_MALFORMED;
    if (ses->misframed)
        return CLI_MISFRAMED;
    return n[OUTCOME_CUT_SHORT] ? CLI_CUT_SHORT : CLI_OK;
}

int cli_run(int argc, char **argv, FILE *in, FILE *out, FILE *err)
{
    return cli_run_pieces(argc, argv, in, out, err, 0);
}

int cli_run_pieces(int argc, char **argv, FILE *in, FILE *out, FILE *err, size_t piece_bytes)
{
    session ses = {.set = {.cmd = CMD_SOLVE, .options = bd_options_default(), .fmt = FMT_AUTO,
                           .limit = DEFAULT_COUNT_LIMIT, .piece_bytes = piece_bytes,
                           .gen = bd_generate_options_default(), .made = 1},
                   .jobs = 1, .in = in, .err = err};
    output_init(&ses.out, out, err);
    parse_result parsed = options_parse(&ses, argc, argv);
    if (parsed == PARSE_ERROR) {
        input_ahead_free(&ses.ahead, in);
        return CLI_FATAL;
    }
    if (parsed != PARSE_RUN) {
        if (parsed == PARSE_HELP)
            options_help(out);
        else
            fprintf(out, "bitdoku %s\n", bd_version());
        return output_finish(&ses.out, err) ? CLI_OK : CLI_FATAL;
    }
    if (ses.stats && ses.set.cmd == CMD_TARGET) {
        ses.set.time_each = true;
        ses.out.each = err;
        ses.out.progress = NULL;
    }
    run_fn run = COMMANDS[ses.set.cmd].run;
    if (COMMANDS[ses.set.cmd].answer && ses.set.pic.kind != PICTURE_NONE)
        run = run_pictures;     /* a per-record command's --format svg or html */
    if (ses.set.sized)
        run = run_sized;        /* boards of any size (sized.c) */
    bool written = run ? run(&ses) : run_inputs(&ses);
    input_ahead_free(&ses.ahead, in);   /* what no reader took */
    bool flushed = output_finish(&ses.out, err);
    summary_fn summary = COMMANDS[ses.set.cmd].stats;
    if (ses.stats)
        (summary ? summary : output_summary)(&ses.out, err);
    return written && flushed ? exit_status(&ses) : CLI_FATAL;
}
