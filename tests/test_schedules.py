"""The loop-text facts behind truncated backprop on a schedule (TL106)."""

from __future__ import annotations

import ast
import textwrap

from torchlint.analysis.schedules import Functions, schedule_of


def _schedule(code: str):  # type: ignore[no-untyped-def]
    tree = ast.parse(textwrap.dedent(code))
    loop = next(n for n in ast.walk(tree) if isinstance(n, ast.For | ast.While))
    return schedule_of(loop, Functions(tree))


def test_carried_names_are_read_before_they_are_bound() -> None:
    s = _schedule(
        """
        for t in range(8):
            out = cell(x[:, t], h)
            h = out
            loss = loss + out.sum()
        """
    )
    assert {"h", "loss", "x", "cell"} <= s.carried
    assert "out" not in s.carried


def test_cuts_detach_constants_fresh_states_and_conditional_expressions() -> None:
    s = _schedule(
        """
        for t in range(8):
            h, c = cell(x, (h, c))
            if t % 4 == 3:
                loss = 0
                h = h.detach()
            c = c.detach() if t % 4 == 3 else c
            hidden = model.init_hidden(4)
            z.detach_()
            kept = h + 1
        """
    )
    assert {"loss", "h", "c", "hidden", "z"} <= s.cut.keys()
    assert "kept" not in s.cut


def test_lines_under_an_if_and_helpers_called_under_one_run_sometimes() -> None:
    code = """
    def flush(loss):
        loss.backward()

    def maybe(loss, t):
        if t % 4 == 0:
            loss.backward()
        return True

    for t in range(8):
        loss = f(t)
        loss.backward()
        maybe(loss, t)
        if t % 4 == 0:
            flush(loss)
    """
    s = _schedule(code)  # line 1 is the empty one after the opening quotes
    assert s.runs_sometimes(3)  # flush's backward: flush is called under an `if`
    assert s.runs_sometimes(7)  # maybe's backward: under its own `if`
    assert not s.runs_sometimes(12)  # the loop's own backward runs every iteration
    assert not s.runs_sometimes(11)


def test_a_cut_on_a_rarer_period_than_the_backward_does_not_count() -> None:
    code = """
    for t in range(12):
        h = cell(x, h)
        if (t + 1) % 3 == 0:
            loss.backward()
        if (t + 1) % 6 == 0:
            h = h.detach()
            loss = 0
        if t % 3 == 2:
            c = c.detach()
    """
    s = _schedule(code)
    backward = 5  # under `% 3`
    assert not s.cut_for("h", backward)  # every 6 steps only
    assert s.cut_for("c", backward)  # every 3 steps, as the backward
    assert s.cut_for("h", 7)  # a backward every 6 steps would find it cut


def test_a_helper_that_detaches_what_it_returns_cuts_and_an_early_return_is_a_condition() -> None:
    code = """
    def step(h, x, update):
        h = cell(x, h)
        if not update:
            return h
        h.sum().backward()
        return h.detach()

    for t in range(9):
        h = step(h, x, t % 3 == 2)
    """
    s = _schedule(code)
    assert s.cut_for("h", 6)
    assert s.runs_sometimes(6) and s.runs_sometimes(7)  # after `return h`
    assert not s.runs_sometimes(3)


def test_attributes_cut_in_helpers_and_methods_the_loop_calls() -> None:
    code = """
    class Model:
        def detach_state(self):
            self.h = self.h.detach()

    def observe(model, trainer, t):
        if t % 4 == 3:
            model.detach_state()
            trainer.pending = []

    for t in range(8):
        observe(m, tr, t)
    """
    s = _schedule(code)
    assert s.cut_for(".h", 8)
    assert s.cut_for(".pending", 8)
    assert not s.cut_for(".c", 8)


def test_an_equality_with_the_counter_runs_on_one_iteration() -> None:
    s = _schedule(
        """
        for t in range(T):
            h = cell(x[t], h)
            if t == T - 1:
                h.sum().backward()
            if t + 1 == steps:
                log(h)
            if t % 2 == 0:
                h = h.detach()
        """
    )
    assert s.runs_once(5) and s.runs_once(7)
    assert not s.runs_once(9) and s.runs_sometimes(9)


def test_enumerate_counters_count_but_a_bound_that_moves_does_not() -> None:
    s = _schedule(
        """
        for i, batch in enumerate(loader):
            loss = model(batch).mean()
            if i == len(loader) - 1:
                loss.backward()
            if i == next_eval:
                loss.backward()
                next_eval = next_eval + 100
        """
    )
    assert s.runs_once(5)
    assert not s.runs_once(7)  # `next_eval` moves: the test may hold again


def test_a_loop_over_items_has_no_counter() -> None:
    s = _schedule(
        """
        for x in xs:
            if x == last:
                x.backward()
        """
    )
    assert not s.runs_once(4)
