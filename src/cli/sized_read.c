/*
 * sized_read.c - the records of boards of any size, read from the inputs
 * a line at a time (memory bounded by the longest line and one record).
 *
 * Blank lines and '#' lines between records are skipped; a record's first
 * line says its shape (bd_board_text_lines), its lines are joined and
 * parsed (bd_board_parse). The first record settles what the options left
 * open (size, alphabet), and the later ones keep it; a record of another
 * size is malformed (its note says where the size came from when the
 * first input's first board settled it, sized_detect.c). An input starts
 * from the bytes sized_detect.c read ahead of it, if any. A malformed record
 * is an item with a note `bitdoku: FILE:LINE: why`; when it leaves no size
 * or alphabet to read the rest by, the rest of its input is passed over.
 *
 * A line that holds a comma is a CSV row (no alphabet has commas): fields
 * apart by commas, a field in double quotes may hold commas ("" is a
 * quote). The first row of an input is its header when its puzzle field
 * is not a one-line board; the header names the puzzle's column (puzzle,
 * puzzles, quizzes, quiz, sudoku or grid; else the first) and the
 * solution's (solution, solutions, answer or answers; else the one after
 * the puzzle's). A row's board is a one-line board in that field.
 *
 * The judges' formats wrap the same records: spoj (a count line, then
 * 16 x 16 letter grids, '-' blank), poj (those grids to the end of input)
 * and uva989 (a line "n", then an n^2 x n^2 grid of numbers). check reads
 * a proposal beside each puzzle: from the solution field of a CSV row, or
 * from a second input read in step, where a record may also be the words
 * "no solution".
 */
#include "sized.h"
#include "cli.h"
#include "session.h"
#include "settings.h"

#include <stdlib.h>
#include <string.h>

bool sized_append(sized_buffer *b, const char *bytes, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = (b->len + n + 1) * 2;
        char *grown = realloc(b->bytes, cap);
        if (!grown)
            return false;
        b->bytes = grown;
        b->cap = cap;
    }
    if (n)
        memcpy(b->bytes + b->len, bytes, n);
    b->len += n;
    b->bytes[b->len] = '\0';
    return true;
}

/* One input read line by line. */
typedef struct line_source {
    FILE *file;
    const char *name;       /* as diagnostics name it */
    long line_no;           /* of the line in `line` */
    sized_buffer line;      /* the current line, without its line end */
    bool nomem;
    bool held;              /* `line` is read but not yet taken */
    bool ended;             /* nothing more is read from it */
    char *ahead;            /* bytes read before it opened, read first */
    size_t ahead_len, ahead_at;
} line_source;

struct sized_reader {
    struct session *ses;
    int next_file;          /* the next of the session's inputs to open */
    line_source src;        /* the puzzles' input being read */
    line_source answers;    /* check with two inputs: the proposals' */
    bool pairs;
    bd_board_text how, answer_how;  /* as the options and records settled */
    sized_buffer text;      /* a record's lines, joined */
    sized_buffer field;     /* a CSV field, unquoted */
    bool rows_seen;         /* a CSV row of this input has been read */
    int puzzle_field, solution_field;
    sized_buffer header;    /* this input's header row, as it came */
    bool header_owed;       /* --csv: the next item carries the header */
    bool csv;               /* this input is CSV rows */
    long expected, answered;    /* spoj: the count line's, and read */
};

/* Reads the next piece of a line into `into`, as fgets does (up to a '\n', at most
 * size - 1 bytes, NUL-terminated): from the bytes read ahead, then from
 * the file. False at the end of input. */
static bool next_piece(line_source *s, char *into, size_t size)
{
    if (s->ahead_at == s->ahead_len)
        return fgets(into, (int)size, s->file) != NULL;
    size_t n = 0, left = s->ahead_len - s->ahead_at;
    while (n < left && n < size - 1 && s->ahead[s->ahead_at + n++] != '\n')
        continue;
    memcpy(into, s->ahead + s->ahead_at, n);
    into[n] = '\0';
    s->ahead_at += n;
    return true;
}

/* Reads the next line into s->line; false at the end of input. */
static bool read_line(line_source *s)
{
    if (s->held) {
        s->held = false;
        return true;
    }
    if (s->ended)
        return false;
    s->line.len = 0;
    char piece_of_line[512];
    bool any = false;
    while (next_piece(s, piece_of_line, sizeof piece_of_line)) {
        any = true;
        size_t n = strlen(piece_of_line);
        bool ends = n && piece_of_line[n - 1] == '\n';
        if (!sized_append(&s->line, piece_of_line, ends ? n - 1 : n)) {
            s->nomem = true;
            return false;
        }
        if (ends)
            break;
    }
    if (!any)
        return false;
    s->line_no++;
    if (s->line.len && s->line.bytes[s->line.len - 1] == '\r')
        s->line.bytes[--s->line.len] = '\0';
    if (!s->line.bytes && !sized_append(&s->line, "", 0)) {
        s->nomem = true;
        return false;
    }
    return true;
}

/* True for a line that holds nothing but blanks, or a '#' comment. */
static bool skippable(const sized_buffer *line)
{
    size_t i = 0;
    while (i < line->len && (line->bytes[i] == ' ' || line->bytes[i] == '\t'))
        i++;
    return i == line->len || line->bytes[i] == '#';
}

/* Reads up to the next line that is not skippable; false at the end. */
static bool read_content(line_source *s)
{
    bool got;
    while ((got = read_line(s)) && skippable(&s->line))
        ;
    return got;
}

/* Writes a note on the input's current line into `note`. */
static void note_at(char *out, const line_source *s, const char *why)
{
    snprintf(out, SIZED_NOTE, "bitdoku: %.200s:%ld: %.200s\n", s->name, s->line_no, why);
}

/* Parses a record whose first line is s->line (its further lines read
 * from `s`) into `board` by `how` (settled on success). BD_OK, BD_ENOMEM,
 * or BD_EMALFORMED with the reason in `why`. Once the size and a symbol
 * alphabet are settled, a line of exactly N * N bytes is parsed in place
 * as a one-line board first: when that succeeds it held N * N symbols and
 * no blank, so bd_board_text_lines would have made it a one-line record
 * too; when it fails, the record is read the long way, which says why. */
static bd_status parse_record(line_source *s, bd_board_text *how, sized_buffer *text,
                              bd_board *board, char *why, size_t why_size)
{
    size_t n = (size_t)how->box_rows * (size_t)how->box_cols;
    if (n && how->alphabet != BD_ALPHABET_AUTO && how->alphabet != BD_ALPHABET_NUMBERS
        && s->line.len == n * n) {
        bd_board_text line = *how;
        line.grid = false;
        if (bd_board_parse(s->line.bytes, s->line.len, &line, board, NULL, 0) == BD_OK) {
            *how = line;
            return BD_OK;
        }
    }
    bd_board_text tried = *how;
    int lines = bd_board_text_lines(s->line.bytes, s->line.len, &tried, why, why_size);
    if (!lines)
        return BD_EMALFORMED;
    text->len = 0;
    bool ok = sized_append(text, s->line.bytes, s->line.len);
    for (int i = 1; i < lines && ok; i++) {
        if (!read_line(s)) {
            snprintf(why, why_size, "the input ends inside a grid");
            return s->nomem ? BD_ENOMEM : BD_EMALFORMED;
        }
        ok = sized_append(text, "\n", 1) && sized_append(text, s->line.bytes, s->line.len);
    }
    if (!ok)
        return BD_ENOMEM;
    if (bd_board_parse(text->bytes, text->len, &tried, board, why, why_size) != BD_OK)
        return BD_EMALFORMED;
    *how = tried;
    return BD_OK;
}

/* Copies field `index` (from 0) of the CSV row `row` into `field`,
 * unquoted: true, or false when the row has no such field (or memory ran
 * out: then field->bytes may be NULL). */
static bool csv_field(const sized_buffer *row, int index, sized_buffer *field)
{
    field->len = 0;
    if (!sized_append(field, "", 0))
        return false;
    int at = 0;
    bool quoted = false;
    for (size_t i = 0; i < row->len; i++) {
        char ch = row->bytes[i];
        if (quoted && ch == '"' && i + 1 < row->len && row->bytes[i + 1] == '"') {
            i++;                    /* "" is one quote */
        } else if (quoted && ch == '"') {
            quoted = false;
            continue;
        } else if (!quoted && ch == '"' && (i == 0 || row->bytes[i - 1] == ',')) {
            quoted = true;
            continue;
        } else if (!quoted && ch == ',') {
            if (at++ == index)
                return true;
            continue;
        }
        if (at == index && !sized_append(field, &ch, 1))
            return false;
    }
    return at == index;
}

/* True when `name` (a header field) is one of `names`, in any case. */
static bool named(const sized_buffer *name, const char *const *names)
{
    for (; *names; names++) {
        size_t n = strlen(*names);
        bool same = n == name->len;
        for (size_t i = 0; same && i < n; i++)
            same = (name->bytes[i] | 0x20) == (*names)[i];
        if (same)
            return true;
    }
    return false;
}

/* Reads a header row: the columns of the puzzle and of the solution. */
static void take_header(sized_reader *r)
{
    static const char *const PUZZLES[] = {"puzzle", "puzzles", "quizzes", "quiz", "sudoku",
                                          "grid", NULL};
    static const char *const SOLUTIONS[] = {"solution", "solutions", "answer", "answers", NULL};
    int puzzle = -1, solution = -1;
    for (int i = 0; csv_field(&r->src.line, i, &r->field); i++) {
        if (puzzle < 0 && named(&r->field, PUZZLES))
            puzzle = i;
        else if (solution < 0 && named(&r->field, SOLUTIONS))
            solution = i;
    }
    r->puzzle_field = puzzle < 0 ? 0 : puzzle;
    r->solution_field = solution < 0 ? r->puzzle_field + 1 : solution;
    r->header.len = 0;
    sized_append(&r->header, r->src.line.bytes, r->src.line.len);
}

/* Parses the board of CSV field `index` of the current row by `how`:
 * BD_OK, BD_EOF (no such field, or an empty one), BD_ENOMEM or
 * BD_EMALFORMED (`why`). */
static bd_status field_board(sized_reader *r, int index, bd_board_text *how, bd_board *board,
                             char *why, size_t why_size)
{
    if (!csv_field(&r->src.line, index, &r->field))
        return r->field.bytes ? BD_EOF : BD_ENOMEM;
    if (r->field.len == 0)
        return BD_EOF;
    bd_board_text tried = *how;
    int lines = bd_board_text_lines(r->field.bytes, r->field.len, &tried, why, why_size);
    if (lines > 1)
        snprintf(why, why_size, "a CSV field holds a board on one line, not %d lines", lines);
    if (lines != 1 || bd_board_parse(r->field.bytes, r->field.len, &tried, board, why,
                                     why_size) != BD_OK)
        return BD_EMALFORMED;
    *how = tried;
    return BD_OK;
}

/* True when the words of the line are "no solution", in any case. */
static bool says_no_solution(const sized_buffer *line)
{
    static const char WORDS[] = "no solution";
    size_t from = 0, to = line->len;
    while (from < to && (line->bytes[from] == ' ' || line->bytes[from] == '\t'))
        from++;
    while (to > from && (line->bytes[to - 1] == ' ' || line->bytes[to - 1] == '\t'))
        to--;
    if (to - from != sizeof WORDS - 1)
        return false;
    for (size_t i = 0; i < sizeof WORDS - 1; i++)
        if ((line->bytes[from + i] | 0x20) != WORDS[i])
            return false;
    return true;
}

/* check: the proposal in the solution field of the current CSV row. */
static void row_proposal(sized_reader *r, sized_item *item)
{
    item->proposal_line = r->src.line_no;
    r->answer_how.box_rows = r->how.box_rows;
    r->answer_how.box_cols = r->how.box_cols;
    bd_status status = field_board(r, r->solution_field, &r->answer_how, &item->proposal,
                                   item->proposal_why, sizeof item->proposal_why);
    if (status == BD_EMALFORMED && says_no_solution(&r->field)) {
        item->no_solution = true;
        status = BD_OK;
    }
    if (status == BD_EOF)
        snprintf(item->proposal_why, sizeof item->proposal_why,
                 ": field %d, the answers' column, is empty or missing", r->solution_field + 1);
    item->proposal_status = status == BD_ENOMEM ? BD_EMALFORMED : status;
}

/* check: the next proposal of the answers' input, read in step. */
static void next_proposal(sized_reader *r, sized_item *item)
{
    line_source *s = &r->answers;
    if (!read_content(s)) {
        item->proposal_status = BD_EOF;
        snprintf(item->proposal_why, sizeof item->proposal_why, ": the answers have ended");
        return;
    }
    item->proposal_line = s->line_no;
    if (says_no_solution(&s->line)) {
        item->no_solution = true;
        item->proposal_status = BD_OK;
        return;
    }
    if (r->how.box_rows && !r->answer_how.box_rows) {
        r->answer_how.box_rows = r->how.box_rows;
        r->answer_how.box_cols = r->how.box_cols;
    }
    bd_status status = parse_record(s, &r->answer_how, &r->text, &item->proposal,
                                    item->proposal_why, sizeof item->proposal_why);
    item->proposal_status = status == BD_OK ? BD_OK : BD_EMALFORMED;
}

/* True when the first input's first board settled the size
 * (sized_detect.c) and s[0..len), where a record starts, is of another. */
static bool other_size(const sized_reader *r, const char *s, size_t len)
{
    bd_board_text tried = r->how;
    return r->ses->set.size_line && !bd_board_text_lines(s, len, &tried, NULL, 0);
}

/* Adds to `why` where the size of the run came from (other_size). */
static void tell_size_origin(const sized_reader *r, char *why, size_t why_size)
{
    const session *ses = r->ses;
    size_t used = strlen(why);
    const char *first = ses->file_count && strcmp(ses->files[0], "-") ? ses->files[0] : "<stdin>";
    snprintf(why + used, why_size - used, " (the board at %.60s:%lu set the size of the run)",
             first, ses->set.size_line);
}

/* Reads the record of a CSV row (the current line) into `item`; false
 * when the row was the input's header. */
static bool read_row(sized_reader *r, sized_item *item)
{
    bool first = !r->rows_seen;
    char why[SIZED_WHY];
    r->rows_seen = true;
    if (first) {
        r->puzzle_field = 0;
        r->solution_field = 1;
        bd_board_text tried = r->how;
        if (field_board(r, 0, &tried, &item->puzzle, why, sizeof why) != BD_OK) {
            take_header(r);
            return false;
        }
    }
    bd_status status = field_board(r, r->puzzle_field, &r->how, &item->puzzle, why, sizeof why);
    if (status == BD_EOF)
        snprintf(why, sizeof why, "field %d, the puzzles' column, is empty or missing",
                 r->puzzle_field + 1);
    item->status = status == BD_OK ? BD_OK : BD_EMALFORMED;
    if (status == BD_EMALFORMED && r->field.bytes && other_size(r, r->field.bytes, r->field.len))
        tell_size_origin(r, why, sizeof why);
    if (status != BD_OK)
        note_at(item->note, &r->src, why);
    sized_append(&item->row, r->src.line.bytes, r->src.line.len);
    if (r->ses->set.cmd == CMD_CHECK && r->pairs)
        next_proposal(r, item);
    else if (r->ses->set.cmd == CMD_CHECK)
        row_proposal(r, item);
    return true;
}

/* Reads the record that starts at the current line into `item`. */
static void read_text_record(sized_reader *r, sized_item *item)
{
    char why[SIZED_WHY];
    bool other = other_size(r, r->src.line.bytes, r->src.line.len);
    bd_status status = parse_record(&r->src, &r->how, &r->text, &item->puzzle, why, sizeof why);
    if (status == BD_ENOMEM)
        r->src.nomem = true;
    item->status = status == BD_OK ? BD_OK : BD_EMALFORMED;
    if (status == BD_EMALFORMED && other)
        tell_size_origin(r, why, sizeof why);
    if (status != BD_OK) {
        note_at(item->note, &r->src, why);
        if (!r->how.box_rows || !r->how.alphabet)
            r->src.ended = true;    /* no size or alphabet to read the rest by */
    }
    if (r->ses->set.cmd == CMD_CHECK && r->pairs)
        next_proposal(r, item);
    else if (r->ses->set.cmd == CMD_CHECK) {
        item->proposal_status = BD_EOF;
        snprintf(item->proposal_why, sizeof item->proposal_why,
                 ": give the answers as a second input, or as a CSV column");
    }
}

/* SPOJ's count line, at the start of an input; false (reported) when the
 * input does not start with one. */
static bool count_line(sized_reader *r)
{
    line_source *s = &r->src;
    bool got = read_content(s);
    char *end = NULL;
    long count = got ? strtol(s->line.bytes, &end, 10) : -1;
    if (!got || end == s->line.bytes || *end || count < 0) {
        fprintf(r->ses->err, "bitdoku: %s:%ld: SPOJ SUDOKU input starts with the count of "
                "grids\n", s->name, s->line_no);
        r->ses->misframed = true;
        return false;
    }
    r->expected = count;
    return true;
}

/* UVa 989: the line "n" before a case, and the grid's first line after
 * it; false (the item malformed) when they are not there. */
static bool uva_header(sized_reader *r, sized_item *item)
{
    char *end;
    long n = strtol(r->src.line.bytes, &end, 10);
    while (*end == ' ' || *end == '\t')
        end++;
    if (end == r->src.line.bytes || *end || n < 1 || n > 8) {
        note_at(item->note, &r->src, "UVa 989: a case starts with n, the box side (1 to 8)");
        item->status = BD_EMALFORMED;
        return false;
    }
    r->how = (bd_board_text){(int)n, (int)n, BD_ALPHABET_NUMBERS, n > 1};
    if (read_content(&r->src))
        return true;
    note_at(item->note, &r->src, "the input ends before the grid");
    item->status = BD_EMALFORMED;
    return false;
}

/* Opens the next input of the session into r->src; false when there is
 * none, or it cannot be read (reported, fatal). */
static bool open_next(sized_reader *r)
{
    session *ses = r->ses;
    int count = r->pairs ? 1 : ses->file_count ? ses->file_count : 1;
    if (r->next_file >= count)
        return false;
    const char *name = ses->file_count ? ses->files[r->next_file] : "-";
    r->next_file++;
    bool standard = strcmp(name, "-") == 0;
    r->src = (line_source){.name = standard ? "<stdin>" : name, .line = r->src.line};
    if (!input_ahead_take(&ses->ahead, name, &r->src.file, &r->src.ahead, &r->src.ahead_len))
        r->src.file = standard ? ses->in : fopen(name, "rb");
    r->rows_seen = false;
    r->header.len = 0;
    r->header_owed = ses->set.csv;
    r->csv = false;
    r->answered = 0;
    r->expected = -1;
    if (!r->src.file) {
        fprintf(ses->err, "bitdoku: %s: cannot read\n", name);
        ses->fatal = true;
        return false;
    }
    if (ses->set.judge == JUDGE_SPOJ && !count_line(r))
        r->src.ended = true;
    return true;
}

/* Closes the puzzles' input (reporting a read error, and a SPOJ count
 * that did not match). */
static void close_input(sized_reader *r)
{
    line_source *s = &r->src;
    if (!s->file)
        return;
    if (ferror(s->file)) {
        fprintf(r->ses->err, "bitdoku: %s: read error\n", s->name);
        r->ses->fatal = true;
    }
    if (r->expected >= 0 && r->answered != r->expected) {
        fprintf(r->ses->err, "bitdoku: %s: the count line says %ld grids, the input holds "
                "%ld\n", s->name, r->expected, r->answered);
        r->ses->misframed = true;
    }
    if (s->file != r->ses->in)
        fclose(s->file);
    s->file = NULL;
    free(s->ahead);
    s->ahead = NULL;
    s->ahead_len = s->ahead_at = 0;
}

sized_reader *sized_reader_open(session *ses)
{
    sized_reader *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->ses = ses;
    r->how = ses->set.text;
    r->answer_how = ses->set.text;
    r->expected = -1;
    if (ses->set.judge == JUDGE_SPOJ || ses->set.judge == JUDGE_POJ)
        r->how = (bd_board_text){4, 4, BD_ALPHABET_LETTERS, true};
    r->pairs = ses->set.cmd == CMD_CHECK && ses->file_count == 2;
    if (r->pairs) {
        const char *name = ses->files[1];
        bool standard = strcmp(name, "-") == 0;
        r->answers.file = standard ? ses->in : fopen(name, "rb");
        r->answers.name = standard ? "<stdin>" : name;
        if (!r->answers.file) {
            fprintf(ses->err, "bitdoku: %s: cannot read\n", name);
            ses->fatal = true;
        }
    }
    return r;
}

/* Fills `item` from the current input; false at its end. */
static bool next_in_input(sized_reader *r, sized_item *item)
{
    const settings *set = &r->ses->set;
    for (;;) {
        if (r->expected >= 0 && r->answered >= r->expected)
            return false;
        if (!read_content(&r->src))
            return false;
        item->line = (unsigned long)r->src.line_no;
        if (set->judge == JUDGE_UVA989 && !uva_header(r, item))
            return true;
        if (memchr(r->src.line.bytes, ',', r->src.line.len) && !set->judge) {
            r->csv = true;
            if (!read_row(r, item))
                continue;
        } else {
            read_text_record(r, item);
        }
        r->answered++;
        return true;
    }
}

/* Makes `item` ready for a record (its answer's buffer kept). */
static void clear_item(sized_item *item)
{
    item->status = BD_OK;
    item->proposal_status = BD_OK;
    item->no_solution = false;
    item->note[0] = '\0';
    item->proposal_why[0] = '\0';
    item->row.len = 0;
    item->header_here = false;
}

/* Fills in what the answer needs besides the record: its shape, how it
 * is set apart, the judge's rules, and (the first of an input, --csv) the
 * input's header. False when out of memory (reported, fatal). */
static bool finish_item(sized_reader *r, sized_item *item)
{
    session *ses = r->ses;
    const settings *set = &ses->set;
    item->how = r->how;
    item->block = !set->csv && set->cmd == CMD_SOLVE && (set->judge || r->how.grid || set->all);
    item->smallest = set->smallest || set->judge == JUDGE_UVA989;
    item->none = set->judge == JUDGE_UVA989 ? "NO SOLUTION" : NULL;
    item->header_here = r->header_owed;
    item->header_csv = r->csv;
    item->header.len = 0;
    r->header_owed = false;
    if (item->header_here && r->header.len
        && !sized_append(&item->header, r->header.bytes, r->header.len)) {
        fputs("bitdoku: out of memory\n", ses->err);
        ses->fatal = true;
        return false;
    }
    return true;
}

bool sized_reader_next(sized_reader *r, sized_item *item)
{
    session *ses = r->ses;
    clear_item(item);
    if (ses->fatal)
        return false;
    for (;;) {
        if (!r->src.file && !open_next(r)) {
            if (r->pairs && !ses->fatal && read_content(&r->answers)) {
                r->answers.held = true;         /* an extra answer */
                item->status = BD_EOF;
                next_proposal(r, item);
                item->block = false;
                return true;
            }
            return false;
        }
        bool got = next_in_input(r, item);
        if (r->src.nomem || r->answers.nomem) {
            fputs("bitdoku: out of memory\n", ses->err);
            ses->fatal = true;
            return false;
        }
        if (got)
            return finish_item(r, item);
        close_input(r);
    }
}

void sized_reader_close(sized_reader *r)
{
    if (!r)
        return;
    close_input(r);
    if (r->answers.file && r->answers.file != r->ses->in)
        fclose(r->answers.file);
    free(r->src.line.bytes);
    free(r->answers.line.bytes);
    free(r->text.bytes);
    free(r->field.bytes);
    free(r->header.bytes);
    free(r);
}
