"""The few facts written by hand, each with the reason torch could not tell.

`apply` edits the generated table in place and returns {"section:key.field": reason}; the
generator writes that into the table's "overrides" section, so every hand-written fact stays
visible next to the measured ones. An override whose value torch already measures is an
error: when torch starts telling, the hand-written fact must go.
"""

from __future__ import annotations

from typing import Any

_CPU_ONLY = (
    "the generator runs on whatever torch is installed, often a CPU-only build, where a "
    "device move cannot run: on CPU .cpu() returns self, but .cpu() of a CUDA tensor and "
    ".cuda() of a CPU tensor are copies, so the result is a view only sometimes"
)
_CTC = (
    "CTC reads its input as log-probabilities (the log_softmax output, torch's docs call it "
    "log_probs), but any float input runs and the loss is not affine in it, so the "
    "affine-gradient probe that finds NLLLoss and KLDivLoss cannot see it"
)

_NORMALIZED_SHAPE = (
    "a norm's weight has one dimension per entry of `normalized_shape` (an int is one): the "
    "generator measures the ranks of one construction, and nothing in torch says which "
    "constructor argument shapes the parameters"
)

_WEIGHT_FIRST = (
    "op_db's samples give an embedding's weight first and the indices as an argument, so "
    "the dtype is measured as the first tensor's; the public function takes the indices "
    "first and returns the weight's dtype"
)

_LIST_OPERANDS = (
    "torch.einsum returns its operands' dtype (they must match: mixed ones raise \"expected "
    "scalar type Float but found Double\"), but the dtype probe's runs of op_db's einsum "
    "samples, operands given as one list after the equation, fit none of its rules"
)

# (section, key, field) -> (value, why torch cannot tell)
OVERRIDES: dict[tuple[str, str, str], tuple[object, str]] = {
    ("ops", "cpu", "may_copy"): (True, _CPU_ONLY),
    ("ops", "cuda", "may_copy"): (True, _CPU_ONLY),
    ("modules", "torch.nn.LayerNorm", "rank_argument"): ("normalized_shape", _NORMALIZED_SHAPE),
    ("modules", "torch.nn.RMSNorm", "rank_argument"): ("normalized_shape", _NORMALIZED_SHAPE),
    ("ops", "einsum", "dtype_rule"): ("same", _LIST_OPERANDS),
    ("ops", "nn.functional.embedding", "dtype_rule"): ("weight", _WEIGHT_FIRST),
    ("ops", "nn.functional.embedding_bag", "dtype_rule"): ("weight", _WEIGHT_FIRST),
    ("losses", "torch.nn.CTCLoss", "expects_log_probabilities"): (True, _CTC),
    ("losses", "torch.nn.functional.ctc_loss", "expects_log_probabilities"): (True, _CTC),
}


def apply(table: dict[str, Any]) -> dict[str, str]:
    reasons: dict[str, str] = {}
    for (section, key, field), (value, why) in sorted(OVERRIDES.items()):
        entry = table[section].get(key)
        if entry is None:
            raise KeyError(f"override for a fact torch no longer has: {section}:{key}")
        if entry.get(field) == value:
            raise ValueError(f"torch now measures {section}:{key}.{field}; drop the override")
        entry[field] = value
        reasons[f"{section}:{key}.{field}"] = why
    return reasons
