"""The probe's runner: runs a user's script under a tracer and writes a JSON report.

This file runs INSIDE the user's interpreter, started by path, never imported:

    python _runner.py --out REPORT.json [--function NAME] [--device auto|cpu|cuda]
                      [--gradcheck] [--max-memory MB] TARGET.py

It needs nothing but the standard library and torch (never import torchlint here), and
must run on Python 3.10+ with torch 2.1+. The parent (`torchlint.probe.api`) starts it,
watches time and memory, and reads the report; `docs/probe.md` documents the format.

What it watches, and how:
- a `TorchFunctionMode` sees every torch call; each tensor produced is summarised per
  user source line (the innermost frame outside torch, other libraries and this file);
- `saved_tensors_hooks` see every tensor saved for backward; in-place calls seen by the
  mode are checked against them, so an in-place change is pinned to the line that made it;
- around each backward, hooks on the graph's nodes find where a NaN/Inf gradient was born,
  and the nodes are marked with the backward that freed them (for "backward twice");
- the final exception, if any, is classified and mapped to the user's line.
"""

from __future__ import annotations

import argparse
import cmath
import contextlib
import functools
import json
import os
import signal
import sys
import sysconfig
import time
import traceback
import warnings
import weakref

FORMAT_VERSION = 1
_T_START = time.perf_counter()
_T_START_WALL = time.time()

MAX_SIGNATURES = 8  # distinct signatures kept per (line, op)
MAX_SITES = 20000  # (line, op) pairs kept; later ones are counted, not kept
MAX_FINDINGS = 200
MAX_WARNINGS = 200
RECENT_TENSORS = 1024  # leaves / no-grad tensors remembered, to say where a tensor came from
GRADCHECK_FULL_NUMEL = 256  # above this many input elements gradcheck uses fast_mode
GRADCHECK_MAX_NUMEL = 200_000  # above this gradcheck is skipped


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Frame kinds. Calls made by this file (hooks, snapshots) are not the user's: not recorded.
_USER, _PLUMBING, _LIBRARY, _OURS = 0, 1, 2, 3
# torch files that only forward a call to the mode (not "the library called torch").
_PLUMBING_FILES = ("overrides.py", "_jit_internal.py")

# Backward nodes that pass gradients through without arithmetic that can overflow or
# divide: a non-finite gradient cannot be born in them, so they get no NaN hook.
_PASS_THROUGH_NODES = _words(
    "AccumulateGrad TBackward0 ViewBackward0 UnsafeViewBackward0 ReshapeAliasBackward0 "
    "PermuteBackward0 TransposeBackward0 TransposeBackward1 SqueezeBackward0 "
    "SqueezeBackward1 SqueezeBackward2 SqueezeBackward3 UnsqueezeBackward0 "
    "SelectBackward0 SliceBackward0 AsStridedBackward0 CloneBackward0 AliasBackward0 "
    "NegBackward0 CatBackward0 StackBackward0 SplitBackward0 SplitWithSizesBackward0 "
    "UnbindBackward0 IndexBackward0 IndexSelectBackward0 GatherBackward0 ReluBackward0 "
    "ThresholdBackward0 MaskedFillBackward0 WhereBackward0 DetachBackward0 "
    "ExpandBackward0 NarrowBackward0 FlipBackward0 RollBackward0 ContiguousBackward0 "
    "UnfoldBackward0 MaskedSelectBackward0"
)

_INPLACE_DUNDERS = _words(
    "__setitem__ __iadd__ __isub__ __imul__ __itruediv__ __ifloordiv__ __imod__ __ipow__ "
    "__iand__ __ior__ __ixor__ __ilshift__ __irshift__ __imatmul__"
)
# Calls that return plain Python values or are noise; not recorded.
_PASSTHROUGH_CALLS = _words(
    "__get__ __set__ __delete__ __repr__ __str__ __format__ __len__ __bool__ __hash__ "
    "__index__ __int__ __float__ __complex__ __array__ __reduce_ex__ __deepcopy__ size "
    "dim numel stride is_contiguous data_ptr item tolist element_size is_floating_point "
    "is_complex get_device _is_view storage_offset untyped_storage nelement ndimension "
    "is_grad_enabled _set_grad_enabled is_inference_mode_enabled "
    "_record_function_enter_new _record_function_exit"
)

# (pattern in the lowercased message, kind, rule) for exceptions the probe names.
_ERROR_KINDS = (
    ("modified by an inplace operation", "inplace-on-saved", "TL102"),
    ("backward through the graph a second time", "backward-twice", "TL106"),
    ("does not require grad and does not have a grad_fn", "backward-without-graph", "TL107"),
    ("leaf variable that requires grad is being used in an in-place", "inplace-on-leaf", "TL101"),
    ("leaf variable has been moved into the graph interior", "inplace-on-leaf", "TL101"),
    ("only tensors of floating point", "int-requires-grad", "TL105"),
    ("jacobian mismatch", "gradcheck-failed", "TL201"),
    ("expected all tensors to be on the same device", "device-mismatch", "TL403"),
    ("must have the same dtype", "dtype-mismatch", "TL402"),
    ("to have the same dtype", "dtype-mismatch", "TL402"),
    ("to have same dtype", "dtype-mismatch", "TL402"),
    ("expected scalar type", "dtype-mismatch", "TL402"),
    ("and bias type", "dtype-mismatch", "TL402"),
    ("and weight type", "dtype-mismatch", "TL402"),
    ("expected target dtype", "dtype-mismatch", "TL402"),
    ("found dtype", "dtype-mismatch", "TL402"),
    ("can't be cast to the desired output type", "dtype-mismatch", "TL402"),
    ("could not infer output dtype", "dtype-mismatch", "TL402"),
    ("expected floating point type for target", "dtype-mismatch", "TL402"),
    ("a view was created in no_grad mode", "view-inplace", None),
    ("is a view and is being modified inplace", "view-inplace", None),
    ("inference tensors", "inference-tensor", None),
    ("grad can be implicitly created only for scalar outputs", "nonscalar-backward", None),
    ("can't call numpy() on tensor that requires grad", "numpy-requires-grad", None),
)
_MEMORY_PATTERNS = ("out of memory", "can't allocate memory", "not enough memory")


# ---------------------------------------------------------------------------------------
# Where a frame belongs: the user's code, torch's plumbing, or a library.


class _Frames:
    """Classifies code objects (cached) and finds the user's line for the current call."""

    def __init__(self, torch_dir: str, target: str) -> None:
        self._torch = os.path.join(os.path.realpath(torch_dir), "")
        self.runner = os.path.realpath(__file__)
        self._target = os.path.realpath(target)
        prefixes = set()
        for key in ("stdlib", "platstdlib", "purelib", "platlib"):
            path = sysconfig.get_paths().get(key)
            if path:
                prefixes.add(os.path.join(os.path.realpath(path), ""))
        for path in sys.path:
            if path and ("site-packages" in path or "dist-packages" in path):
                prefixes.add(os.path.join(os.path.realpath(path), ""))
        self._libs = tuple(sorted(prefixes))
        self._kinds: dict[object, int] = {}
        self._files: dict[str, int] = {}
        self._vias: dict[object, str] = {}

    def file_kind(self, filename: str) -> int:
        kind = self._files.get(filename)
        if kind is None:
            kind = self._files[filename] = self._classify(filename)
        return kind

    def _classify(self, filename: str) -> int:
        if not filename or filename.startswith("<"):
            return _LIBRARY
        path = os.path.realpath(filename)
        if path == self._target:
            return _USER
        if path == self.runner:
            return _OURS
        if path.startswith(self._torch):
            return _PLUMBING if os.path.basename(path) in _PLUMBING_FILES else _LIBRARY
        if path.startswith(self._libs):
            return _LIBRARY
        return _USER

    def code_kind(self, code: object) -> int:
        kind = self._kinds.get(code)
        if kind is None:
            kind = self._kinds[code] = self.file_kind(code.co_filename)
        return kind

    def site(
        self, frame: object, name: str, through_ours: bool = False
    ) -> tuple[str, int, str, str | None] | None:
        """(file, line, op, via) for a call made from `frame`; via names the library frame
        between the user's line and torch (e.g. 'linear.py:forward'), None for a direct call.
        None when the call is the probe's own (unless `through_ours`)."""
        kinds = self._kinds
        saw_plumbing = own_done = False
        via = None
        f = frame
        while f is not None:
            code = f.f_code
            kind = kinds.get(code)
            if kind is None:
                kind = self.code_kind(code)
            if kind == _USER:
                return (code.co_filename, f.f_lineno, name, via)
            if kind == _OURS:
                if not through_ours:
                    return None
            elif kind == _PLUMBING:
                saw_plumbing = True
            elif saw_plumbing and not own_done:
                own_done = True  # the called function's own wrapper (it asked for the mode)
            elif via is None:
                via = self._vias.get(code)
                if via is None:
                    via = self._vias[code] = f"{os.path.basename(code.co_filename)}:{code.co_name}"
            f = f.f_back
        return None

    def user_location(self, frame: object) -> tuple[str, int] | None:
        f = frame
        while f is not None:
            if self.code_kind(f.f_code) == _USER:
                return (f.f_code.co_filename, f.f_lineno)
            f = f.f_back
        return None

    def traceback_location(self, tb: object) -> tuple[str, int] | None:
        """The innermost user frame of a traceback."""
        found = None
        while tb is not None:
            frame = tb.tb_frame
            if self.code_kind(frame.f_code) == _USER:
                found = (frame.f_code.co_filename, tb.tb_lineno)
            tb = tb.tb_next
        return found


# ---------------------------------------------------------------------------------------
# Per-line summaries of the tensors produced.


class _Agg:
    """Everything seen for one (file, line, op, via)."""

    __slots__ = ("count", "first", "inplace", "last", "more", "outputs", "seq", "sigs")

    def __init__(self, inplace: bool) -> None:
        self.count = 0
        self.sigs: dict[tuple, int] = {}
        self.first: tuple | None = None
        self.last: tuple | None = None
        self.more = 0
        self.inplace = inplace
        self.outputs = 1
        self.seq = 0


def _signature(t: object) -> tuple:
    gf = t.grad_fn
    return (
        t.dtype,
        t.shape,
        t.device,
        t.requires_grad,
        None if gf is None else type(gf),
    )


def _sig_json(sig: tuple, count: int | None = None) -> dict:
    dtype, shape, device, requires_grad, gf_type = sig
    out = {
        "dtype": str(dtype).replace("torch.", ""),
        "shape": [int(n) for n in shape],
        "device": str(device),
        "requires_grad": bool(requires_grad),
        "is_leaf": gf_type is None,
        "grad_fn": None if gf_type is None else gf_type.__name__,
    }
    if count is not None:
        out["count"] = count
    return out


def _describe_tensor(t: object) -> str:
    try:
        s = _sig_json(_signature(t))
    except Exception:
        return type(t).__name__
    return f"{s['dtype']}{s['shape']} {s['device']}"


class _FuncInfo:
    __slots__ = ("inplace", "kind", "name")

    def __init__(self, name: str, kind: int, inplace: bool) -> None:
        self.name = name
        self.kind = kind
        self.inplace = inplace


_CALL, _PASS, _GRAD_READ, _BACKWARD, _GRAD = range(5)
_TENSOR_PROPERTIES = frozenset(("T", "mT", "H", "mH", "real", "imag", "data"))


def _func_info(func: object) -> _FuncInfo:
    name = getattr(func, "__name__", None) or type(func).__name__
    if name == "__get__":
        owner = getattr(getattr(func, "__self__", None), "__name__", None)
        if owner == "grad":
            return _FuncInfo("grad", _GRAD_READ, False)
        if owner in _TENSOR_PROPERTIES:
            return _FuncInfo(str(owner), _CALL, False)
        return _FuncInfo(name, _PASS, False)
    if name in _PASSTHROUGH_CALLS or name.startswith("_record_function"):
        return _FuncInfo(name, _PASS, False)
    module = getattr(func, "__module__", None) or ""
    if name == "backward" and (module.startswith("torch.autograd") or module == "torch._tensor"):
        return _FuncInfo(name, _BACKWARD, False)
    if name == "grad" and module.startswith("torch.autograd"):
        return _FuncInfo(name, _GRAD, False)
    inplace = (name.endswith("_") and not name.endswith("__")) or name in _INPLACE_DUNDERS
    return _FuncInfo(name, _CALL, inplace)


# ---------------------------------------------------------------------------------------
# Saved tensors and the in-place calls that change them.


class _Saved:
    """One tensor saved for backward: a detached alias (same version counter, no cycle
    through grad_fn), its version when saved, and where."""

    __slots__ = ("__weakref__", "modified_at", "site", "tensor", "version")

    def __init__(self, tensor: object, version: int, site: tuple | None) -> None:
        self.tensor = tensor
        self.version = version
        self.site = site
        self.modified_at: tuple | None = None


class _SavedWatch:
    """saved_tensors_hooks that remember what is saved, and check it on unpack.

    With hooks installed torch no longer checks version counters itself, so unpack does:
    it raises the same "modified by an inplace operation" error torch would, naming the
    line that made the change (found by `on_inplace`)."""

    def __init__(self, probe: _Probe) -> None:
        self._probe = probe
        self._pending: list[weakref.ref] = []
        self._compact_at = 10_000
        self._by_storage: dict[int, list[weakref.ref]] = {}
        self.violations: list[tuple[_Saved, tuple | None]] = []

    def pack(self, t: object) -> _Saved:
        saved = _Saved(t.detach(), t._version, self._probe.current_site())
        pending = self._pending
        pending.append(weakref.ref(saved))
        if len(pending) > self._compact_at:  # no in-place call for a long while: drop the dead
            self._pending = [ref for ref in pending if ref() is not None]
            self._compact_at = max(10_000, 2 * len(self._pending))
        return saved

    def unpack(self, saved: _Saved) -> object:
        t = saved.tensor
        if t._version != saved.version:
            raise RuntimeError(self._violation(saved))
        return t

    def _violation(self, saved: _Saved) -> str:
        t = saved.tensor
        backward_site = self._probe.backward_site
        self.violations.append((saved, backward_site))
        self._probe.note_inplace_violation(saved, backward_site)
        try:
            what = f"[{t.type()} {list(t.shape)}]"
        except Exception:
            what = "a tensor"
        msg = (
            "one of the variables needed for gradient computation has been modified by an "
            f"inplace operation: {what}, which was saved for backward by "
            f"{_site_text(saved.site)}, is at version {t._version}; "
            f"expected version {saved.version} instead."
        )
        if saved.modified_at is not None:
            msg += f" It was modified in place by {_site_text(saved.modified_at)}."
        return msg + " (Checked by the torchlint probe.)"

    def on_inplace(self, targets: list, site: tuple | None) -> None:
        """After an in-place call: attribute version bumps of saved tensors to `site`."""
        if self._pending:
            self._index_pending()
        if not self._by_storage:
            return
        for t in targets:
            key = _storage_key(t)
            if key is None:
                continue
            refs = self._by_storage.get(key)
            if not refs:
                continue
            alive = []
            for ref in refs:
                saved = ref()
                if saved is None:
                    continue
                alive.append(ref)
                if saved.modified_at is None and saved.tensor._version != saved.version:
                    saved.modified_at = site
            if alive:
                self._by_storage[key] = alive
            else:
                del self._by_storage[key]

    def _index_pending(self) -> None:
        pending, self._pending = self._pending, []
        index = self._by_storage
        for ref in pending:
            saved = ref()
            if saved is None:
                continue
            key = _storage_key(saved.tensor)
            if key is not None:
                index.setdefault(key, []).append(ref)
        if len(index) > 4096:  # forget storages whose saved tensors are all gone
            for key in [k for k, refs in index.items() if all(r() is None for r in refs)]:
                del index[key]


def _storage_key(t: object) -> int | None:
    try:
        return int(t.untyped_storage().data_ptr())
    except Exception:
        return None


def _site_text(site: tuple | None) -> str:
    if site is None:
        return "an unknown call"
    file, line, op, via = site
    where = f"{os.path.basename(file)}:{line}"
    return f"`{op}` at {where}" + (f" (inside {via})" if via else "")


def _loc(site: tuple | None) -> dict | None:
    if site is None:
        return None
    return {"file": site[0], "line": site[1]}


# ---------------------------------------------------------------------------------------
# Backward: NaN/Inf origin and the backward that freed a graph.

_SITE_KEY = "torchlint_site"
_HOOKED_KEY = "torchlint_hooked"
_FREED_KEY = "torchlint_freed_by"


class _BackwardRun:
    """One backward call; the nodes it walked point at it, and once it succeeded without
    retain_graph it is marked as having freed them (for "backward twice")."""

    __slots__ = ("freed", "site")

    def __init__(self, site: tuple | None) -> None:
        self.site = site
        self.freed = False


class _BackwardWatch:
    def __init__(self, torch: object) -> None:
        self._torch = torch
        self._low_precision = (torch.float16, torch.bfloat16)
        self._checks: list | None = None  # (site, node name, 0-dim tensor) during a backward
        self.count = 0

    def prepare(self, roots: list, run: _BackwardRun | None) -> None:
        """Walk the graph from `roots`: give nodes made inside one torch call the site of
        that call, hook the nodes in which a non-finite gradient can be born, and point
        them at `run` (None with retain_graph: they will not be freed)."""
        stack = [(t.grad_fn, None) for t in roots if t.grad_fn is not None]
        seen: set = set()
        while stack:
            node, parent_site = stack.pop()
            if node is None or node in seen:
                continue
            seen.add(node)
            md = node.metadata
            site = md.get(_SITE_KEY)
            if site is None and parent_site is not None:
                site = md[_SITE_KEY] = parent_site
            if run is not None:
                earlier = md.get(_FREED_KEY)
                if earlier is None or not earlier.freed:  # keep who freed it first
                    md[_FREED_KEY] = run
            if _HOOKED_KEY not in md:
                md[_HOOKED_KEY] = True
                name = type(node).__name__
                if name not in _PASS_THROUGH_NODES:
                    with contextlib.suppress(Exception):
                        node.register_hook(functools.partial(self._on_grads, site, name))
            for child, _ in node.next_functions:
                if child is not None:
                    stack.append((child, site))

    def _on_grads(self, site: tuple | None, name: str, grad_inputs: tuple, _outputs: tuple) -> None:
        checks = self._checks
        if checks is None:
            return
        for g in grad_inputs:
            if g is None:
                continue
            try:
                # Low-precision sums overflow early: add those up in float32.
                low = g.dtype in self._low_precision
                checks.append((site, name, g.sum(dtype=self._torch.float32) if low else g.sum()))
            except Exception:
                pass

    def begin(self, roots: list) -> None:
        self._checks = []
        self.count += 1
        for t in roots:  # a loss that is already NaN explains any NaN gradient
            try:
                if t.is_floating_point() or t.is_complex():
                    self._checks.append((None, "forward", t.detach().sum()))
            except Exception:
                pass

    def end(self) -> tuple[str, tuple | None] | None:
        """The first non-finite check of this backward: ('forward', None) when the loss
        itself was non-finite, else (node name, its site). One sync per device."""
        checks, self._checks = self._checks, None
        if not checks:
            return None
        torch = self._torch
        groups: dict = {}
        for i, (_, _, s) in enumerate(checks):
            groups.setdefault((s.device, s.dtype), []).append(i)
        bad = []
        for (device, _), idx in groups.items():
            if device.type == "cpu":  # no sync to save: check each sum directly
                values = [checks[i][2].item() for i in idx]
                bad.extend(i for i, v in zip(idx, values, strict=True) if not cmath.isfinite(v))
            else:
                flags = torch.isfinite(torch.stack([checks[i][2] for i in idx])).tolist()
                bad.extend(i for i, ok in zip(idx, flags, strict=True) if not ok)
        if not bad:
            return None
        site, name, _ = checks[min(bad)]
        return (name, site)

    @staticmethod
    def freed_by(roots: list) -> tuple | None:
        """The site of the backward that freed a node of this graph, if one did."""
        stack = [t.grad_fn for t in roots if getattr(t, "grad_fn", None) is not None]
        seen: set = set()
        while stack:
            node = stack.pop()
            if node is None or node in seen:
                continue
            seen.add(node)
            try:
                run = node.metadata.get(_FREED_KEY)
            except Exception:
                run = None
            if run is not None and run.freed:
                return run.site
            stack.extend(child for child, _ in node.next_functions)
        return None


def _backward_args(kind: int, args: tuple, kwargs: dict) -> tuple[list, bool]:
    """(root tensors, retain_graph) of Tensor.backward / autograd.backward / autograd.grad."""
    if kind == _GRAD:
        names = ("outputs", "inputs", "grad_outputs", "retain_graph", "create_graph")
    elif args and _is_tensor(args[0]) and "tensors" not in kwargs:
        names = ("self", "gradient", "retain_graph", "create_graph")  # Tensor.backward
    else:
        names = ("tensors", "grad_tensors", "retain_graph", "create_graph")
    bound = dict(zip(names, args, strict=False))
    bound.update(kwargs)
    roots = bound.get(names[0])
    if _is_tensor(roots):
        roots = [roots]
    roots = [t for t in (roots or ()) if _is_tensor(t)]
    retain = bound.get("retain_graph")
    if retain is None:
        retain = bool(bound.get("create_graph"))
    return roots, bool(retain)


_TENSOR_TYPE: type = type(None)


def _is_tensor(x: object) -> bool:
    return isinstance(x, _TENSOR_TYPE)


# ---------------------------------------------------------------------------------------
# The tracer itself.


class _Probe:
    """State of one run: the per-line records, findings, and the tracer's hooks."""

    def __init__(self, torch: object, frames: _Frames) -> None:
        self.torch = torch
        self.frames = frames
        self.aggs: dict[tuple, _Agg] = {}
        self.dropped_sites = 0
        self.calls = 0
        self.seq = 0
        self.infos: dict[object, _FuncInfo] = {}
        self.passthrough: set[object] = set()
        self.recent: dict[int, tuple] = {}  # id -> (weakref, site, grad enabled)
        self.findings: dict[tuple, dict] = {}
        self.probe_errors: list[str] = []
        self.saved = _SavedWatch(self)
        self.backward = _BackwardWatch(torch)
        self.backward_site: tuple | None = None
        self.failure: tuple | None = None  # (exception, site, op, arg descriptions)
        self._frame: object = None
        self._name = "?"
        self._site: tuple | None = None
        self.forced_default_device = False
        self.is_grad_enabled = torch.is_grad_enabled

    # -- called by the mode -------------------------------------------------------------

    def handle(self, func: object, args: tuple, kwargs: dict | None, frame: object) -> object:
        info = self.infos.get(func)
        if info is None:
            info = _func_info(func)
            if len(self.infos) < 100_000:
                self.infos[func] = info
                if info.kind == _PASS:
                    self.passthrough.add(func)
        kind = info.kind
        if kind == _PASS:
            return func(*args, **kwargs) if kwargs else func(*args)
        if kind == _GRAD_READ:
            out = func(*args, **kwargs) if kwargs else func(*args)
            try:
                self._on_grad_read(args[0], out, frame)
            except Exception as exc:
                self._internal(exc)
            return out
        if kind != _CALL:
            return self._run_backward(func, info, args, kwargs or {}, frame)
        self.calls += 1
        self._frame = frame
        self._name = info.name
        self._site = None
        try:
            out = func(*args, **kwargs) if kwargs else func(*args)
        except BaseException as exc:
            self._frame = None
            self._on_failure(exc, frame, info, args)
            raise
        self._frame = None
        try:
            self._after_call(out, info, args, kwargs, frame)
        except Exception as exc:  # the tracer must never break the user's program
            self._internal(exc)
        return out

    def _after_call(
        self, out: object, info: _FuncInfo, args: tuple, kwargs: dict | None, frame: object
    ) -> None:
        inplace = info.inplace
        if kwargs and ("out" in kwargs or kwargs.get("inplace") is True):
            inplace = True
        nout = 1
        if _is_tensor(out):
            t = out
        elif out is None and inplace and args and _is_tensor(args[0]):
            t = args[0]
        elif type(out) in (tuple, list) and out and _is_tensor(out[0]):
            t = out[0]
            nout = len(out)
        else:
            t = None
        if t is None and not inplace:
            return
        site = self._site or self.frames.site(frame, info.name)
        if t is not None and site is not None:
            self._record(site, t, inplace, nout)
        if inplace:
            targets = _inplace_targets(args, kwargs)
            if targets:
                self.saved.on_inplace(targets, site)

    def _record(self, site: tuple, t: object, inplace: bool, nout: int) -> None:
        agg = self.aggs.get(site)
        if agg is None:
            if len(self.aggs) >= MAX_SITES:
                self.dropped_sites += 1
                return
            agg = self.aggs[site] = _Agg(inplace)
        gf = t.grad_fn
        sig = (t.dtype, t.shape, t.device, t.requires_grad, None if gf is None else type(gf))
        agg.count += 1
        self.seq += 1
        agg.seq = self.seq
        agg.outputs = nout
        sigs = agg.sigs
        n = sigs.get(sig)
        if n is not None:
            sigs[sig] = n + 1
        elif len(sigs) < MAX_SIGNATURES:
            sigs[sig] = 1
            if agg.first is None:
                agg.first = sig
        else:
            agg.more += 1
        agg.last = sig
        if gf is not None:
            md = gf.metadata
            if _SITE_KEY not in md:
                md[_SITE_KEY] = site
        elif not inplace or id(t) not in self.recent:  # keep where it was made, not changed
            recent = self.recent
            recent[id(t)] = (weakref.ref(t), site, self.is_grad_enabled())
            if len(recent) > RECENT_TENSORS:
                del recent[next(iter(recent))]

    def record_apply(self, cls: type, out: object, frame: object) -> None:
        try:
            t = out[0] if isinstance(out, (tuple, list)) and out else out
            if _is_tensor(t):
                site = self.frames.site(frame, f"{cls.__name__}.apply")
                if site is not None:
                    self._record(site, t, False, len(out) if isinstance(out, (tuple, list)) else 1)
        except Exception as exc:
            self._internal(exc)

    def current_site(self) -> tuple | None:
        """The site of the torch call in progress (for pack hooks), computed once per call."""
        site = self._site
        if site is None:
            frame = self._frame
            if frame is None:  # saved by autograd.Function.apply, outside any mode call
                return self.frames.site(sys._getframe(2), "apply", through_ours=True)
            site = self._site = self.frames.site(frame, self._name)
        return site

    def origin_of(self, t: object) -> tuple | None:
        """(site, grad enabled) where tensor `t` was made, if the tracer remembers it."""
        entry = self.recent.get(id(t))
        if entry is not None and entry[0]() is t:
            return entry[1], entry[2]
        gf = getattr(t, "grad_fn", None)
        if gf is not None:
            try:
                return gf.metadata.get(_SITE_KEY), True
            except Exception:
                return None
        return None

    # -- observations -----------------------------------------------------------------------

    def _on_grad_read(self, t: object, grad: object, frame: object) -> None:
        """A direct read of `.grad`: record the gradient; a non-leaf's is None (TL103)."""
        if self.frames.code_kind(frame.f_code) != _USER:
            return  # optimizers and other libraries read .grad all the time
        site = self.frames.site(frame, "grad")
        if site is None or site[3] is not None:
            return  # optimizers and other libraries read .grad all the time
        if _is_tensor(grad):
            self._record(site, grad, False, 1)
            return
        if not _is_tensor(t) or t.is_leaf or not t.requires_grad or t.retains_grad:
            return
        origin = self.origin_of(t)
        related = []
        if origin and origin[0]:
            related.append({"message": f"made by {_site_text(origin[0])}", **_loc(origin[0])})
        self.add_finding(
            "nonleaf-grad-read",
            "TL103",
            "warning",
            f"`.grad` of a non-leaf tensor ({_describe_tensor(t)}, grad_fn "
            f"{type(t.grad_fn).__name__}) was read: it is None; call `.retain_grad()` on it "
            "before backward, or read the leaf's `.grad`",
            (site[0], site[1]),
            related,
        )

    def note_inplace_violation(self, saved: _Saved, backward_site: tuple | None) -> None:
        related = []
        if saved.site is not None:
            related.append(
                {"message": f"saved for backward by {_site_text(saved.site)}", **_loc(saved.site)}
            )
        if backward_site is not None:
            related.append({"message": "backward failed here", **_loc(backward_site)})
        where = saved.modified_at or backward_site
        how = (
            f"modified in place by {_site_text(saved.modified_at)}"
            if saved.modified_at
            else "modified in place by a call the probe did not see"
        )
        self.add_finding(
            "inplace-on-saved",
            "TL102",
            "error",
            f"a tensor saved for backward by {_site_text(saved.site)} was {how} before "
            "backward used it; clone it first or use the out-of-place op",
            (where[0], where[1]) if where else None,
            related,
        )

    def add_finding(
        self,
        kind: str,
        rule: str | None,
        severity: str,
        message: str,
        loc: tuple | None,
        related: list,
        details: dict | None = None,
    ) -> None:
        key = (kind, loc, message)
        found = self.findings.get(key)
        if found is not None:
            found["count"] += 1
            return
        if len(self.findings) >= MAX_FINDINGS:
            return
        self.findings[key] = {
            "kind": kind,
            "rule": rule,
            "severity": severity,
            "message": message,
            "file": loc[0] if loc else None,
            "line": loc[1] if loc else None,
            "count": 1,
            "related": related,
            "details": details or {},
        }

    def _internal(self, exc: BaseException) -> None:
        if len(self.probe_errors) < 20:
            self.probe_errors.append(f"{type(exc).__name__}: {exc}"[:500])

    # -- failures -----------------------------------------------------------------------------

    def _on_failure(
        self,
        exc: BaseException,
        frame: object,
        info: _FuncInfo,
        args: tuple,
        subject: object = None,
        extra: dict | None = None,
    ) -> None:
        if self.failure is not None and self.failure[0] is exc:
            return  # an outer call re-raising what an inner one already noted
        try:
            site = self.frames.site(frame, info.name)
            described = [_describe_tensor(a) for a in args if _is_tensor(a)][:6]
            if subject is None and args:
                subject = args[0]
            self.failure = (exc, site, info.name, described, subject, extra or {})
        except Exception as err:
            self._internal(err)

    # -- backward -------------------------------------------------------------------------

    def _run_backward(
        self, func: object, info: _FuncInfo, args: tuple, kwargs: dict, frame: object
    ) -> object:
        site = self.frames.site(frame, info.name)
        roots, retain = _backward_args(info.kind, args, kwargs)
        run = None if retain else _BackwardRun(site)
        try:
            self.backward.prepare(roots, run)
            self.backward.begin(roots)
        except Exception as exc:
            self._internal(exc)
        outer, self.backward_site = self.backward_site, site
        try:
            out = func(*args, **kwargs)
        except BaseException as exc:
            extra = {}
            if "second time" in str(exc):
                extra["freed_by"] = _BackwardWatch.freed_by(roots)
            self._on_failure(exc, frame, info, args, roots[0] if roots else None, extra)
            self._finish_backward(site)
            raise
        finally:
            self.backward_site = outer
        self._finish_backward(site)
        if run is not None:
            run.freed = True
        return out

    def _finish_backward(self, site: tuple | None) -> None:
        try:
            bad = self.backward.end()
        except Exception as exc:
            self._internal(exc)
            return
        if bad is None:
            return
        name, origin = bad
        loc = (site[0], site[1]) if site else None
        related = [{"message": "during this backward", **_loc(site)}] if site else []
        if name == "forward":
            message = "the tensor passed to backward was already NaN/Inf in the forward pass"
            self.add_finding("nan-loss", None, "error", message, loc, related)
            return
        where = (origin[0], origin[1]) if origin else loc
        message = (
            f"a NaN/Inf gradient was born in {name}, the backward of {_site_text(origin)}; "
            "mask or clamp the input before this op rather than its output"
        )
        self.add_finding("nan-gradient", "TL202", "error", message, where, related, {"node": name})


def _inplace_targets(args: tuple, kwargs: dict | None) -> list:
    targets: list = []
    if args:
        first = args[0]
        if _is_tensor(first):
            targets.append(first)
        elif isinstance(first, (list, tuple)):  # _foreach_*_
            targets.extend(t for t in first if _is_tensor(t))
    if kwargs:
        out = kwargs.get("out")
        if _is_tensor(out):
            targets.append(out)
        elif isinstance(out, (list, tuple)):
            targets.extend(t for t in out if _is_tensor(t))
    return targets


def _make_mode(torch: object, probe: _Probe) -> object:
    """The TorchFunctionMode: a thin shell over `_Probe.handle`."""
    base = torch.overrides.TorchFunctionMode
    getframe = sys._getframe

    passthrough = probe.passthrough
    handle = probe.handle

    class _TracerMode(base):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            if func in passthrough:  # property reads and the like: the cheapest path
                return func(*args, **kwargs) if kwargs else func(*args)
            return handle(func, args, kwargs, getframe(1))

    return _TracerMode()


# ---------------------------------------------------------------------------------------
# The final exception, classified.


def _classify_error(frames: _Frames, probe: _Probe | None, exc: BaseException) -> tuple[dict, dict]:
    """(error object, finding) for an exception that ended the user's script (`probe` is
    None when the script never imported torch)."""
    tb = exc.__traceback__
    loc = frames.traceback_location(tb)
    if isinstance(exc, SyntaxError) and exc.filename and exc.lineno:
        loc = (exc.filename, exc.lineno)
    message = str(exc)
    low = message.lower()
    kind, rule = "exception", None
    for pattern, k, r in _ERROR_KINDS:
        if pattern in low:
            kind, rule = k, r
            break
    failure = probe.failure if probe and probe.failure and probe.failure[0] is exc else None
    related: list = []
    details: dict = {}
    summary = message.strip().splitlines()[0] if message.strip() else type(exc).__name__
    primary = loc
    if failure is not None:
        op, described = failure[2], failure[3]
        if described:
            details["arguments"] = "; ".join(described)
        details["op"] = op
    if kind == "inplace-on-saved" and probe and probe.saved.violations:
        saved, _ = probe.saved.violations[-1]
        if saved.modified_at is not None:
            primary = (saved.modified_at[0], saved.modified_at[1])
            if loc:
                related.append({"message": "backward failed here", **_loc(loc)})
        if saved.site is not None:
            related.append(
                {"message": f"saved for backward by {_site_text(saved.site)}", **_loc(saved.site)}
            )
        summary = f"in-place change of a tensor saved for backward by {_site_text(saved.site)}" + (
            f", made by {_site_text(saved.modified_at)}" if saved.modified_at else ""
        )
    elif kind == "backward-twice" and failure is not None:
        freed = failure[5].get("freed_by")
        if freed is not None:
            related.append(
                {"message": "the graph was freed by this earlier backward", **_loc(freed)}
            )
            summary = f"backward through a graph already freed by the backward at line {freed[1]}; pass retain_graph=True there"
    elif kind in ("backward-without-graph", "inplace-on-leaf") and probe and failure is not None:
        origin = probe.origin_of(failure[4])
        if origin and origin[0]:
            note = "" if origin[1] else " with grad mode disabled (no_grad)"
            related.append(
                {
                    "message": f"the tensor was made by {_site_text(origin[0])}{note}",
                    **_loc(origin[0]),
                }
            )
    elif kind == "gradcheck-failed":
        low_inputs = _gradcheck_low_precision_inputs(tb)
        if low_inputs:
            details["inputs"] = ", ".join(low_inputs)
            summary = f"gradcheck failed with non-double inputs ({', '.join(low_inputs)}); use float64 inputs and a float64 function"
        else:
            rule = None
    elif kind == "device-mismatch" and probe and probe.forced_default_device:
        summary += (
            " (the probe made cuda the default device; this may come from that: try --device cpu)"
        )
    error = {
        "type": type(exc).__name__,
        "message": message[:4000],
        "kind": kind,
        "file": loc[0] if loc else None,
        "line": loc[1] if loc else None,
        "traceback": _user_traceback(frames, tb),
    }
    finding = {
        "kind": kind,
        "rule": rule,
        "severity": "error",
        "message": f"{type(exc).__name__}: {summary}"[:1000],
        "file": primary[0] if primary else None,
        "line": primary[1] if primary else None,
        "count": 1,
        "related": related,
        "details": details,
    }
    return error, finding


def _gradcheck_low_precision_inputs(tb: object) -> list[str]:
    """Dtypes of gradcheck's differentiable inputs that are not double precision."""
    while tb is not None:
        frame = tb.tb_frame
        code = frame.f_code
        if code.co_filename.endswith("gradcheck.py") and code.co_name in (
            "gradcheck",
            "_gradcheck_helper",
        ):
            inputs = frame.f_locals.get("tupled_inputs") or frame.f_locals.get("inputs")
            if _is_tensor(inputs):
                inputs = (inputs,)
            found = []
            for i, t in enumerate(inputs or ()):
                if (
                    _is_tensor(t)
                    and t.requires_grad
                    and str(t.dtype) not in ("torch.float64", "torch.complex128")
                ):
                    found.append(f"input {i}: {str(t.dtype).replace('torch.', '')}")
            return found
        tb = tb.tb_next
    return []


def _visible_frames(frames: _Frames, tb: object) -> list:
    """The traceback as the user would see it: from their first frame on, without ours
    and without torch's dispatch to the mode (overrides.py and the call into it)."""
    entries = traceback.extract_tb(tb)
    start = next((i for i, e in enumerate(entries) if frames.file_kind(e.filename) == _USER), 0)
    entries = [e for e in entries[start:] if frames.file_kind(e.filename) != _OURS]
    kept = []
    for i, e in enumerate(entries):
        plumbing = frames.file_kind(e.filename) == _PLUMBING
        calls_plumbing = (
            i + 1 < len(entries) and frames.file_kind(entries[i + 1].filename) == _PLUMBING
        )
        if not plumbing and not (calls_plumbing and frames.file_kind(e.filename) != _USER):
            kept.append(e)
    return kept


def _user_traceback(frames: _Frames, tb: object) -> list[dict]:
    return [
        {
            "file": e.filename,
            "line": e.lineno,
            "function": e.name,
            "user": frames.file_kind(e.filename) == _USER,
        }
        for e in _visible_frames(frames, tb)[-40:]
    ]


# ---------------------------------------------------------------------------------------
# Warnings: recorded with the user's line, then shown as usual.


class _WarningWatch:
    def __init__(self, frames: _Frames) -> None:
        self._frames = frames
        self._original = warnings.showwarning
        self.records: dict[tuple, dict] = {}

    def install(self) -> None:
        warnings.showwarning = self._show

    def uninstall(self) -> None:
        if warnings.showwarning == self._show:
            warnings.showwarning = self._original

    def _show(self, message, category, filename, lineno, file=None, line=None):
        try:
            if self._frames.file_kind(filename) == _USER:
                loc = (filename, lineno)
            else:
                loc = self._frames.user_location(sys._getframe(1))
                if loc is not None and os.path.realpath(filename) == self._frames.runner:
                    # torch warned from inside the tracer: show the user's line instead
                    filename, lineno, line = loc[0], loc[1], None
            text = str(message)
            key = (category.__name__, text[:300], loc)
            rec = self.records.get(key)
            if rec is not None:
                rec["count"] += 1
            elif len(self.records) < MAX_WARNINGS:
                self.records[key] = {
                    "category": category.__name__,
                    "message": text[:2000],
                    "file": loc[0] if loc else None,
                    "line": loc[1] if loc else None,
                    "count": 1,
                }
        except Exception:
            pass
        self._original(message, category, filename, lineno, file, line)


# ---------------------------------------------------------------------------------------
# gradcheck of the user's autograd.Functions.


class _FunctionWatch:
    """Wraps `autograd.Function.apply` (which the mode does not see) to record what each
    `apply` returned at the user's line and, for --gradcheck, the inputs of the first
    `apply` of each Function defined in the target."""

    def __init__(self, torch: object, probe: _Probe, target: str, snapshot: bool) -> None:
        self._torch = torch
        self._probe = probe
        self._target = os.path.realpath(target)
        self._snapshot_inputs = snapshot
        self.inputs: dict[type, tuple] = {}
        self._original = None

    def _is_target_class(self, cls: type) -> bool:
        forward = cls.__dict__.get("forward")
        func = getattr(forward, "__func__", forward)
        code = getattr(func, "__code__", None)
        return code is not None and os.path.realpath(code.co_filename) == self._target

    def install(self) -> None:
        function_cls = self._torch.autograd.Function
        original = function_cls.__dict__.get("apply")
        if not isinstance(original, classmethod):
            return  # an older torch with another layout: Functions are then not checked
        self._original = original
        watch = self

        def apply(cls, *args, **kwargs):
            if watch._snapshot_inputs and cls not in watch.inputs and watch._is_target_class(cls):
                watch.inputs[cls] = (watch._snapshot(args), dict(kwargs))
            out = original.__func__(cls, *args, **kwargs)
            watch._probe.record_apply(cls, out, sys._getframe(1))
            return out

        function_cls.apply = classmethod(apply)

    def uninstall(self) -> None:
        if self._original is not None:
            self._torch.autograd.Function.apply = self._original
            self._original = None

    def _snapshot(self, args: tuple) -> tuple:
        out = []
        for a in args:
            if _is_tensor(a):
                out.append(("tensor", a.detach().clone(), a.requires_grad))
            else:
                out.append(("value", a, False))
        return tuple(out)

    def classes(self) -> list[type]:
        found, stack = [], list(self._torch.autograd.Function.__subclasses__())
        seen: set = set()
        while stack:
            cls = stack.pop()
            if cls in seen:
                continue
            seen.add(cls)
            stack.extend(cls.__subclasses__())
            if self._is_target_class(cls):
                found.append(cls)
        return found

    def check_all(self) -> list[dict]:
        lines = _class_lines(self._target)
        results = [self._check(cls, lines.get(cls.__qualname__, 0)) for cls in self.classes()]
        return sorted(results, key=lambda r: r["line"])

    def _check(self, cls: type, line: int) -> dict:
        torch = self._torch
        result = {
            "function": cls.__qualname__,
            "file": self._target,
            "line": line,
            "status": "skipped",
            "message": "",
            "inputs": [],
            "fast_mode": False,
        }
        recorded = self.inputs.get(cls)
        if recorded is None:
            result["message"] = "never called during the run, so no input shapes to check with"
            return result
        snapshot, kwargs = recorded
        inputs = []
        numel = 0
        for kind, value, requires_grad in snapshot:
            if kind == "tensor":
                if value.is_floating_point() or value.is_complex():
                    dtype = torch.complex128 if value.is_complex() else torch.float64
                    value = value.to(dtype).requires_grad_(requires_grad)
                    if requires_grad:
                        numel += value.numel()
                result["inputs"].append(_describe_tensor(value))
            else:
                result["inputs"].append(repr(value)[:80])
            inputs.append(value)
        if not any(_is_tensor(v) and v.requires_grad for v in inputs):
            for i, v in enumerate(inputs):  # nothing required grad at run time: check them all
                if _is_tensor(v) and v.is_floating_point():
                    inputs[i] = v.detach().requires_grad_(True)
                    numel += v.numel()
        if numel == 0:
            result["message"] = "no floating-point tensor input to differentiate"
            return result
        if numel > GRADCHECK_MAX_NUMEL:
            result["message"] = f"inputs have {numel} elements; too many to check numerically"
            return result
        fast = numel > GRADCHECK_FULL_NUMEL
        result["fast_mode"] = fast
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                torch.autograd.gradcheck(
                    lambda *a: cls.apply(*a, **kwargs),
                    tuple(inputs),
                    eps=1e-6,
                    atol=1e-5,
                    rtol=1e-3,
                    fast_mode=fast,
                )
            result["status"] = "pass"
        except Exception as exc:
            text = str(exc).strip()
            is_mismatch = type(exc).__name__ == "GradcheckError" or "mismatch" in text.lower()
            result["status"] = "fail" if is_mismatch else "error"
            result["message"] = f"{type(exc).__name__}: {text.splitlines()[0] if text else ''}"[
                :1000
            ]
        return result


def _class_lines(path: str) -> dict[str, int]:
    """Qualified class name -> line of its `class` statement (inspect cannot find classes
    of a script run as __main__ once runpy is done with it)."""
    import ast

    try:
        with open(path, encoding="utf-8") as fh:
            tree = ast.parse(fh.read())
    except (OSError, SyntaxError, ValueError):
        return {}
    lines: dict[str, int] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                lines[prefix + child.name] = child.lineno
                visit(child, f"{prefix}{child.name}.")
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, f"{prefix}{child.name}.<locals>.")

    visit(tree, "")
    return lines


# ---------------------------------------------------------------------------------------
# The report.


class _Report:
    def __init__(self, opts: argparse.Namespace) -> None:
        self.opts = opts
        self.doc: dict = {
            "format_version": FORMAT_VERSION,
            "tool": "torchlint-probe",
            "status": "crashed",
            "message": "",
            "complete": False,
            "target": os.path.abspath(opts.target),
            "function": opts.function,
            "python": {"executable": sys.executable, "version": sys.version.split()[0]},
            "torch": None,
            "device": {
                "requested": opts.device,
                "used": None,
                "name": None,
                "cuda_available": None,
            },
            "exit_code": None,
            "timings": {"runner_started_at": _T_START_WALL},
            "lines": [],
            "findings": [],
            "error": None,
            "gradcheck": [],
            "warnings": [],
            "stats": {},
        }
        self.probe: _Probe | None = None
        self.final_finding: dict | None = None
        self.warning_watch: _WarningWatch | None = None
        self.written = False

    def finish(self, status: str, message: str) -> None:
        self.doc["status"] = status
        self.doc["message"] = message

    def build(self) -> dict:
        doc = dict(self.doc)
        probe = self.probe
        findings = list(probe.findings.values()) if probe is not None else []
        final = self.final_finding
        if final is not None and not _duplicates(final, findings):
            findings.append(final)
        doc["findings"] = sorted(
            findings, key=lambda f: (f["file"] or "", f["line"] or 0, f["kind"])
        )
        if probe is not None:
            doc["lines"] = _lines_json(probe)
            doc["stats"] = {
                "calls": probe.calls,
                "sites": len(probe.aggs),
                "dropped_sites": probe.dropped_sites,
                "backward_calls": probe.backward.count,
                "probe_errors": list(probe.probe_errors)
                + list(doc["stats"].get("probe_errors", [])),
            }
        if self.warning_watch is not None:
            doc["warnings"] = list(self.warning_watch.records.values())
        return doc

    def write(self) -> None:
        if self.written:
            return
        doc = self.build()
        doc["timings"]["total_s"] = round(time.perf_counter() - _T_START, 4)
        tmp = self.opts.out + ".tmp"
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(doc, fh, default=str)
        os.replace(tmp, self.opts.out)
        self.written = True


def _duplicates(final: dict, findings: list[dict]) -> bool:
    """The final error repeats a finding already made (the same kind on the same line)."""
    return any(
        f["kind"] == final["kind"] and f["line"] == final["line"] and f["file"] == final["file"]
        for f in findings
    )


def _lines_json(probe: _Probe) -> list[dict]:
    by_line: dict[tuple, list] = {}
    for (file, line, op, via), agg in probe.aggs.items():
        by_line.setdefault((file, line), []).append((agg.seq, op, via, agg))
    out = []
    for (file, line), entries in sorted(by_line.items()):
        ops = []
        for _, op, via, agg in sorted(entries, key=lambda e: e[0]):
            sigs = list(agg.sigs.items())
            index = {sig: i for i, (sig, _) in enumerate(sigs)}
            signatures = [_sig_json(sig, n) for sig, n in sigs]
            last = index.get(agg.last)
            if last is None and agg.last is not None:  # the last one was over the cap
                signatures.append(_sig_json(agg.last, 0))
                last = len(signatures) - 1
            ops.append(
                {
                    "op": op,
                    "direct": via is None,
                    "via": via,
                    "inplace": agg.inplace,
                    "count": agg.count,
                    "outputs": agg.outputs,
                    "signatures": signatures,
                    "first": index.get(agg.first, 0),
                    "last": last if last is not None else 0,
                    "more_signatures": agg.more,
                }
            )
        out.append({"file": file, "line": line, "ops": ops})
    return out


# ---------------------------------------------------------------------------------------
# Running the target.


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="torchlint-probe-runner")
    parser.add_argument("target")
    parser.add_argument("--out", required=True)
    parser.add_argument("--function")
    parser.add_argument("--device", choices=("auto", "cpu", "cuda"), default="auto")
    parser.add_argument("--gradcheck", action="store_true")
    parser.add_argument("--max-memory", type=int, default=0, help="MB; 0 for no limit")
    return parser.parse_args(argv)


def _install_dump_handler(report: _Report) -> None:
    """The parent sends SIGUSR2 before killing us (timeout, cancel): write what we have."""
    if not hasattr(signal, "SIGUSR2"):
        return

    def dump(signum, frame):
        try:
            report.finish("timeout", "stopped by the parent before the script finished")
            report.write()
        finally:
            _flush_output()
            os._exit(124)

    signal.signal(signal.SIGUSR2, dump)


def _limit_address_space(max_mb: int) -> None:
    """A loose backstop beside the parent's resident-memory watch (CPU runs only: CUDA
    reserves far more address space than it uses)."""
    if max_mb <= 0:
        return
    try:
        import resource

        with open("/proc/self/status", encoding="ascii") as fh:
            vm_kb = next(int(line.split()[1]) for line in fh if line.startswith("VmSize:"))
        threads = os.cpu_count() or 1
        limit = (vm_kb * 1024) + (max_mb + 80 * threads) * 1024 * 1024
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except Exception:
        pass


def _choose_device(torch: object, report: _Report, requested: str) -> str | None:
    available = bool(torch.cuda.is_available())
    report.doc["device"]["cuda_available"] = available
    if requested == "cuda" and not available:
        report.finish(
            "usage",
            f"--device cuda, but torch {torch.__version__} in {sys.executable} sees no CUDA device",
        )
        return None
    use_cuda = requested == "cuda" or (requested == "auto" and available)
    if not use_cuda:
        report.doc["device"]["used"] = "cpu"
        return "cpu"
    torch.set_default_device("cuda")
    index = torch.cuda.current_device()
    report.doc["device"]["used"] = f"cuda:{index}"
    report.doc["device"]["name"] = torch.cuda.get_device_name(index)
    return "cuda"


def _load_function(path: str, name: str) -> tuple[object, str | None]:
    """Import the target as a module and find NAME in it: (callable, problem)."""
    import importlib.util
    import inspect

    stem = os.path.splitext(os.path.basename(path))[0]
    modname = (
        stem if stem.isidentifier() and stem not in sys.modules else "__torchlint_probe_target__"
    )
    spec = importlib.util.spec_from_file_location(modname, path)
    if spec is None or spec.loader is None:
        return None, f"cannot import {path}"
    module = importlib.util.module_from_spec(spec)
    sys.modules[modname] = module
    spec.loader.exec_module(module)
    func = getattr(module, name, None)
    if func is None:
        return None, f"{os.path.basename(path)} has no top-level `{name}`"
    if not callable(func):
        return None, f"`{name}` in {os.path.basename(path)} is not callable"
    try:
        params = inspect.signature(func).parameters.values()
    except (TypeError, ValueError):
        params = []
    required = [
        p.name
        for p in params
        if p.default is p.empty
        and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    ]
    if required:
        return (
            None,
            f"`{name}` needs arguments ({', '.join(required)}); the probe calls it with none",
        )
    return func, None


class _UsageProblem(Exception):
    pass


def _run_target(opts: argparse.Namespace) -> None:
    import runpy

    path = os.path.abspath(opts.target)
    sys.argv = [path]
    if opts.function is None:
        runpy.run_path(path, run_name="__main__")
        return
    func, problem = _load_function(path, opts.function)
    if problem is not None:
        raise _UsageProblem(problem)
    result = func()
    if hasattr(result, "__await__"):
        import asyncio

        async def _await() -> object:
            return await result

        asyncio.run(_await())


def _print_user_traceback(frames: _Frames, exc: BaseException) -> None:
    """Show the exception as Python would, without the runner's own frames."""
    try:
        lines = ["Traceback (most recent call last):\n"]
        lines += traceback.format_list(_visible_frames(frames, exc.__traceback__))
        lines += traceback.format_exception_only(type(exc), exc)
        sys.stderr.write("".join(lines))
    except Exception:
        pass


class _Tracing:
    """Starts the tracer once torch is imported (by the script, or by anything it imports;
    a script that never imports torch runs untraced and pays no torch import) and stops it
    at the end of the run."""

    def __init__(self, opts: argparse.Namespace, report: _Report, frames: _Frames) -> None:
        self.opts = opts
        self.report = report
        self.frames = frames
        self.probe: _Probe | None = None
        self.functions: _FunctionWatch | None = None
        self._stops: list = []

    def start(self, torch: object, import_s: float | None = None) -> None:
        global _TENSOR_TYPE
        if self.probe is not None:
            return
        _TENSOR_TYPE = torch.Tensor
        report = self.report
        report.doc["torch"] = {"version": torch.__version__, "cuda": torch.version.cuda}
        if import_s is not None:
            report.doc["timings"]["import_torch_s"] = round(import_s, 4)
        probe = _Probe(torch, self.frames)
        report.probe = self.probe = probe
        device = _choose_device(torch, report, self.opts.device)
        if device is None:
            return  # --device cuda without CUDA: the report says so, nothing is run
        probe.forced_default_device = device == "cuda"
        if device == "cpu":
            _limit_address_space(self.opts.max_memory)
        functions = _FunctionWatch(torch, probe, self.opts.target, snapshot=self.opts.gradcheck)
        functions.install()
        self.functions = functions
        self._stops.append(functions.uninstall)
        self._stops.append(_allow_functorch(torch, probe))
        self._stops.append(_eager_compile(torch, probe))
        for context in (
            torch.autograd.graph.saved_tensors_hooks(probe.saved.pack, probe.saved.unpack),
            _make_mode(torch, probe),
        ):
            context.__enter__()
            self._stops.append(lambda c=context: c.__exit__(None, None, None))

    def stop(self) -> None:
        while self._stops:
            try:
                self._stops.pop()()
            except Exception as exc:
                if self.probe is not None:
                    self.probe._internal(exc)


class _TorchImportHook:
    """A meta-path finder: when `torch` has been imported, calls `on_import(torch, seconds)`."""

    def __init__(self, on_import) -> None:
        self._on_import = on_import
        self._busy = False

    def find_spec(self, name, path=None, target=None):
        if name != "torch" or self._busy:
            return None
        import importlib.util

        self._busy = True  # find the real spec through the other finders
        try:
            spec = importlib.util.find_spec(name)
        finally:
            self._busy = False
        if spec is None or spec.loader is None:
            return None
        spec.loader = _NotifyingLoader(spec.loader, self)
        return spec

    def loaded(self, module: object, seconds: float) -> None:
        with contextlib.suppress(ValueError):
            sys.meta_path.remove(self)
        self._on_import(module, seconds)


class _NotifyingLoader:
    def __init__(self, loader, hook: _TorchImportHook) -> None:
        self._loader = loader
        self._hook = hook

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module) -> None:
        t0 = time.perf_counter()
        self._loader.exec_module(module)
        self._hook.loaded(module, time.perf_counter() - t0)

    def __getattr__(self, name):
        return getattr(self._loader, name)


def _execute(opts: argparse.Namespace, report: _Report, torch_dir: str) -> None:
    frames = _Frames(torch_dir, opts.target)
    tracing = _Tracing(opts, report, frames)

    def on_import(torch: object, seconds: float) -> None:
        try:
            tracing.start(torch, seconds)
        except Exception as exc:  # never break the user's `import torch`
            report.doc["stats"]["probe_errors"] = [f"starting the tracer: {exc!r}"]

    eager_import_s = 0.0
    if "torch" in sys.modules or opts.device == "cuda":  # cuda: fail now if there is none
        t0 = time.perf_counter()
        import torch

        eager_import_s = time.perf_counter() - t0
        tracing.start(torch, eager_import_s)
        if report.doc["status"] == "usage":
            return
    else:
        sys.meta_path.insert(0, _TorchImportHook(on_import))
    warning_watch = _WarningWatch(frames)
    report.warning_watch = warning_watch
    t0 = time.perf_counter()
    report.doc["timings"]["startup_s"] = round(t0 - _T_START, 4)
    status, message = "ok", "ran to the end"
    warning_watch.install()
    try:
        _run_target(opts)
    except SystemExit as exc:
        code = exc.code
        exit_code = code if isinstance(code, int) else (0 if code is None else 1)
        report.doc["exit_code"] = exit_code
        status = "error" if exit_code else "ok"
        message = f"the script called sys.exit({'' if code is None else repr(code)})"
    except _UsageProblem as exc:
        status, message = "usage", str(exc)
    except BaseException as exc:
        error, finding = _classify_error(frames, tracing.probe, exc)
        report.doc["error"] = error
        report.final_finding = finding
        where = f" at {os.path.basename(error['file'])}:{error['line']}" if error["file"] else ""
        status = "error"
        message = f"{error['type']}{where}: {finding['message'].split(': ', 1)[-1]}"
        if isinstance(exc, MemoryError) or any(p in str(exc).lower() for p in _MEMORY_PATTERNS):
            status = "memory"
        _print_user_traceback(frames, exc)
    finally:
        tracing.stop()
        warning_watch.uninstall()
        # The user's code, less the torch import it triggered (reported on its own).
        imported_during_run = report.doc["timings"].get("import_torch_s", 0.0) - eager_import_s
        elapsed = time.perf_counter() - t0 - imported_during_run
        report.doc["timings"]["run_s"] = round(max(0.0, elapsed), 4)
    if opts.gradcheck and tracing.functions is not None and tracing.probe is not None:
        _gradcheck_functions(tracing.functions, tracing.probe, report)
    report.finish(status, message)
    report.doc["complete"] = True


def _gradcheck_functions(functions: _FunctionWatch, probe: _Probe, report: _Report) -> None:
    t0 = time.perf_counter()
    report.doc["gradcheck"] = functions.check_all()
    report.doc["timings"]["gradcheck_s"] = round(time.perf_counter() - t0, 4)
    for result in report.doc["gradcheck"]:
        if result["status"] in ("fail", "error"):
            probe.add_finding(
                "function-gradcheck",
                "TL201",
                "error",
                f"float64 gradcheck of autograd.Function `{result['function']}` "
                f"{'failed' if result['status'] == 'fail' else 'raised'}: {result['message']}",
                (result["file"], result["line"]),
                [],
            )


def _eager_compile(torch: object, probe: _Probe):
    """Make `torch.compile` return its argument: dynamo cannot trace through this tracer,
    and the probe wants to see the ops anyway. Returns the undo."""
    original = getattr(torch, "compile", None)
    if original is None:
        return lambda: None

    def compile(model=None, *args, **kwargs):
        loc = probe.frames.user_location(sys._getframe(1))
        probe.add_finding(
            "compile-eager",
            None,
            "information",
            "torch.compile ran eagerly under the probe, so that the tracer could see inside",
            loc,
            [],
        )
        if model is None:  # @torch.compile(...) with arguments
            return lambda fn: fn
        return model

    torch.compile = compile
    return lambda: setattr(torch, "compile", original)


def _allow_functorch(torch: object, probe: _Probe):
    """torch.func transforms refuse to run while saved-tensor hooks are installed: step our
    hooks aside inside them (in-place checks are then torch's own)."""
    graph = torch.autograd.graph
    original = getattr(graph, "disable_saved_tensors_hooks", None)
    autograd_c = torch._C._autograd
    top = getattr(autograd_c, "_top_saved_tensors_default_hooks", None)
    if original is None or top is None:
        return lambda: None
    import contextlib

    @contextlib.contextmanager
    def disable(error_message):
        hooks = top(False)
        ours = hooks is not None and getattr(hooks[0], "__self__", None) is probe.saved
        if ours:
            autograd_c._pop_saved_tensors_default_hooks()
        try:
            with original(error_message):
                yield
        finally:
            if ours:
                autograd_c._push_saved_tensors_default_hooks(*hooks)

    graph.disable_saved_tensors_hooks = disable
    return lambda: setattr(graph, "disable_saved_tensors_hooks", original)


def _find_torch() -> str | None:
    """torch's package folder, found without importing it (that takes seconds)."""
    import importlib.util

    try:
        spec = importlib.util.find_spec("torch")
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    locations = list(spec.submodule_search_locations or [])
    if locations:
        return locations[0]
    return os.path.dirname(spec.origin) if spec.origin else None


def _flush_output() -> None:
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()


def main(argv: list[str] | None = None) -> int:
    opts = _parse(sys.argv[1:] if argv is None else argv)
    report = _Report(opts)
    _install_dump_handler(report)
    target_dir = os.path.dirname(os.path.abspath(opts.target))
    sys.path[0] = target_dir  # as `python TARGET.py` would; not the runner's own folder
    try:
        # The user's interpreter may be older than torchlint's own minimum.
        if sys.version_info < (3, 10):  # noqa: UP036
            version = ".".join(map(str, sys.version_info[:3]))
            report.finish(
                "usage", f"the probe needs Python 3.10 or newer; {sys.executable} is {version}"
            )
            return 0
        torch_dir = _find_torch()
        if torch_dir is None:
            report.finish(
                "torch-missing",
                f"torch is not installed in {sys.executable}; install it or pick another interpreter",
            )
            return 0
        _execute(opts, report, torch_dir)
        return 0
    finally:
        report.write()
        _flush_output()


if __name__ == "__main__":
    sys.exit(main())
