"""Assemble the "ops" and "op_names" sections from op_db, the schemas and the hand probes."""

from __future__ import annotations

import copy
from typing import Any

import torch

from . import _gen_opdb, _gen_probes, _gen_singular
from ._gen_common import resolve
from ._gen_ops import OpProbe, measure_op
from ._gen_schema import SchemaFacts

_TEMP_FIELDS = ("measured_view", "measured_copy", "measured_write")


class OpsBuilder:
    def __init__(
        self,
        public: dict[int, list[str]],
        schemas: dict[str, SchemaFacts],
        methods: list[str],
    ) -> None:
        self.public = public
        self.schemas = schemas
        self.methods = methods
        self.entries: dict[str, dict[str, Any]] = {}
        self.names: dict[str, str] = {}
        self.aten: dict[str, str] = {}  # op key -> aten schema name, where there is one

    # ------------------------------------------------------------------ steps

    def build(self) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
        opdb_ops = _gen_opdb.collect(self.public)
        self._add_opdb(opdb_ops)
        self._add_dunders()
        self._add_schema_only()
        self._add_init()
        self._method_forms()
        self._finish_flags()
        self._link_inplace()
        self._add_singular(opdb_ops)
        for e in self.entries.values():
            for f in _TEMP_FIELDS:
                e.pop(f, None)
        return self.entries, self.names

    def _measure(self, key: str, probe: OpProbe, source: str) -> dict[str, Any]:
        entry = measure_op(probe)
        entry["source"] = source
        self.entries[key] = entry
        return entry

    def _name(self, qualnames: set[str] | list[str], key: str) -> None:
        for q in sorted(qualnames):
            self.names.setdefault(q, key)

    def _add_opdb(self, ops: list[_gen_opdb.OpdbOp]) -> None:
        for o in ops:
            entry = self._measure(o.key, o.probe, "op_db")
            domain = getattr(o.info, "domain", None)
            if domain is not None and tuple(domain) != (None, None):
                entry["domain"] = [None if d is None else float(d) for d in domain]
            aten = o.info.aten_name if o.info.aten_name in self.schemas else o.key
            self.aten[o.key] = aten
            self._name(o.names, o.key)
            if o.inplace_probe is not None and o.inplace_key is not None:
                if o.inplace_key not in self.entries:
                    self._measure(o.inplace_key, o.inplace_probe, "op_db")
                    self.aten[o.inplace_key] = o.inplace_key
                self.entries[o.inplace_key]["out_of_place"] = o.key
                entry["inplace_variant"] = o.inplace_key
                self._name(o.inplace_names, o.inplace_key)
        # op_db names F.relu "nn.functional.relu" (aten "relu"): the aten op gets its facts
        for o in ops:
            aten = o.info.aten_name
            if "." not in o.key and aten != o.key:
                continue
            if aten in self.schemas and aten not in self.entries and "." not in aten:
                self.entries[aten] = copy.deepcopy(self.entries[o.key])
                self.aten[aten] = aten

    def _add_dunders(self) -> None:
        # Operators are measured directly (tensor and Python-number operands), replacing
        # op_db's __r*__ entries whose samples only have tensor operands.
        for name, probe in _gen_probes.dunder_probes(self.methods).items():
            previous = self.entries.get(name)
            entry = self._measure(name, probe, "probe")
            if previous is not None and not entry.get("saved"):
                self.entries[name] = previous  # the plain call did not run: keep op_db's
            self.names[f"Tensor.{name}"] = name

    def _public_names(self, name: str) -> set[str]:
        names: set[str] = set()
        for prefix in ("torch.", "Tensor."):
            obj = resolve(prefix + name)
            if obj is not None and callable(obj):
                names.update(self.public.get(id(obj), [prefix + name]))
        return names

    def _add_schema_only(self) -> None:
        for name in sorted(self.schemas):
            if name.startswith("_"):
                continue
            names = self._public_names(name)
            if not names:
                continue
            if name not in self.entries and names & self.names.keys():
                # an alias op_db already covers (torch.divide is div): no entry of its own
                self._name(names, self.names[min(names & self.names.keys())])
                continue
            if name not in self.entries:
                fn = resolve(f"Tensor.{name}") or resolve(f"torch.{name}")
                probe = None
                if fn is not None and name not in _gen_probes.DEVICE_DEPENDENT:
                    probe = _gen_probes.plain_probe(name, fn)
                if probe is not None:
                    self._measure(name, probe, "probe")
                else:
                    self.entries[name] = {
                        "differentiable": True,
                        "dtype_rule": "unknown",
                        "raises_on_int": False,
                        "source": "schema",
                    }
                self.aten[name] = name
            self._name(names, name)
        for key in list(self.entries):  # keys are names too ("nn.functional.relu")
            self.names.setdefault(key, key)

    def _add_init(self) -> None:
        for key, facts in _gen_probes.init_functions().items():
            self.entries[key] = {
                "differentiable": False,
                "dtype_rule": "same",
                "raises_on_int": False,
                "inplace": False,
                "no_grad_mutation": facts["no_grad_mutation"],
                "source": "probe",
            }
            self._name([f"torch.{key}"], key)

    def _method_forms(self) -> None:
        """torch.where(cond, x, y) vs x.where(cond, y): the method's positions put self first,
        so it gets its own key with the saved table permuted."""
        for key in list(self.entries):
            schema = self.schemas.get(self.aten.get(key, ""))
            if schema is None or schema.self_first or "saved" not in self.entries[key]:
                continue
            order = list(schema.tensor_arg_names)
            method_order = ["self", *[n for n in order if n != "self"]]
            perm = [method_order.index(n) for n in order]
            method_key = f"Tensor.{key}"
            entry = copy.deepcopy(self.entries[key])
            entry["saved"] = {
                arity: [
                    [_permute_mask(mask, perm), sorted(perm[p] for p in positions), result]
                    for mask, positions, result in rows
                ]
                for arity, rows in entry["saved"].items()
                if int(arity) == len(perm)
            }
            self.entries[method_key] = entry
            self.aten[method_key] = self.aten[key]
            self.names[f"Tensor.{key}"] = method_key

    def _finish_flags(self) -> None:
        for key, e in self.entries.items():
            schema = self.schemas.get(self.aten.get(key, ""))
            schema_inplace = bool(schema and schema.inplace)
            is_dunder = key.startswith("__")
            wrote = bool(e.get("measured_write")) and (is_dunder or schema is None)
            inplace = schema_inplace or wrote or bool(e.get("inplace"))
            metadata = False
            if schema_inplace and hasattr(torch.Tensor, key):
                metadata = bool(_gen_probes.metadata_only(key))
                if metadata:
                    inplace = False
                    e["metadata_inplace"] = True
            if e.get("no_grad_mutation"):
                inplace = False
            view_schema = bool(schema and schema.view)
            # in-place and metadata ops return self: that is not a view
            view = not (inplace or metadata) and (view_schema or bool(e.get("measured_view")))
            e["inplace"] = inplace
            e["view"] = view
            if view and e.get("measured_copy"):
                e["may_copy"] = True

    def _link_inplace(self) -> None:
        for key, e in self.entries.items():
            if not e["inplace"] or e.get("out_of_place"):
                continue
            if key.startswith("__i"):
                base = "__" + key[3:]
            elif key.endswith("_") and not key.endswith("__"):
                base = key[:-1]
            else:
                continue
            if base in self.entries and not self.entries[base]["inplace"]:
                e["out_of_place"] = base
                self.entries[base].setdefault("inplace_variant", key)

    def _add_singular(self, opdb_ops: list[_gen_opdb.OpdbOp]) -> None:
        targets = _gen_singular.ufunc_targets(opdb_ops)
        for key, (fn, arity) in targets.items():
            self._set_singular(key, _gen_singular.probe(fn, arity))
        for key, (fn, arity, shape) in _gen_singular.COMPOSITES.items():
            self._set_singular(key, _gen_singular.probe(fn, arity, shape))
        for key, e in self.entries.items():
            if key.startswith("__") and not key.startswith("__i") and e.get("differentiable"):
                fn = getattr(torch.Tensor, key)
                arity = 1 if key in _gen_probes.UNARY_DUNDERS else 2
                self._set_singular(key, _gen_singular.probe(fn, arity))
        for e in self.entries.values():  # in-place variants get their op's points
            base = e.get("out_of_place")
            if base and self.entries.get(base, {}).get("singular_probed"):
                e["singular"] = copy.deepcopy(self.entries[base].get("singular", []))
                e["singular_probed"] = True

    def _set_singular(self, key: str, singular: list[dict[str, Any]]) -> None:
        if key not in self.entries:
            return
        e = self.entries[key]
        e["singular_probed"] = True
        if singular:
            e["singular"] = singular
        aten = self.aten.get(key)
        if aten and aten != key and aten in self.entries:
            self._set_singular(aten, singular)


def _permute_mask(mask: int, perm: list[int]) -> int:
    out = 0
    for i, p in enumerate(perm):
        if mask >> i & 1:
            out |= 1 << p
    return out
