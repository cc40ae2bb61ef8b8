/*
 * visit.c - what an engine of the N x N family keeps of the solutions it
 * finds: the first one, a count up to a limit, or each one handed to the
 * caller's function. The engine writes a solution's cells into the
 * visitor's board (when nxn_visitor_wants_cells says so) and calls
 * nxn_visit. It calls nothing of the library but the caller's function.
 */
#include "nxn.h"

void nxn_visitor_init(nxn_visitor *v, nxn_visit_mode mode, uint64_t limit, bd_board *board)
{
    v->mode = mode;
    v->done = false;
    v->count = 0;
    v->limit = limit;
    v->board = board;
    v->on_each = NULL;
    v->context = NULL;
}

void nxn_visit(nxn_visitor *v)
{
    v->count++;
    switch (v->mode) {
    case NXN_FIRST:
        v->done = true;
        break;
    case NXN_COUNT:
        v->done = v->count == v->limit;
        break;
    case NXN_EACH:
        v->done = !v->on_each(v->board, v->context) || v->count == v->limit;
        break;
    }
}

bd_status nxn_run_status(nxn_run run)
{
    return run == NXN_NOMEM ? BD_ENOMEM : run == NXN_CUT ? BD_CUT_SHORT : BD_OK;
}
