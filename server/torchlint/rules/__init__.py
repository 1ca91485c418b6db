"""The rule registry: every rule, listed once, by code.

Codes are stable and never reused. Adding a rule means adding its module here; the
registry tests fail on a duplicate code, an unlisted rule module, or a rule without
documentation or fixtures.
"""

from __future__ import annotations

from torchlint.config import Config
from torchlint.rules.base import Rule
from torchlint.rules.tl101_inplace_on_leaf import InplaceOnLeaf
from torchlint.rules.tl102_inplace_on_saved import InplaceOnSaved
from torchlint.rules.tl103_nonleaf_grad import NonleafGrad
from torchlint.rules.tl104_lost_leaf import LostLeaf
from torchlint.rules.tl105_int_requires_grad import IntRequiresGrad
from torchlint.rules.tl106_backward_twice import BackwardTwice
from torchlint.rules.tl107_backward_without_graph import BackwardWithoutGraph
from torchlint.rules.tl108_data_bypass import DataBypass
from torchlint.rules.tl201_gradcheck_precision import GradcheckPrecision
from torchlint.rules.tl202_nan_masked_gradient import NanMaskedGradient

ALL_RULES: tuple[type[Rule], ...] = (
    InplaceOnLeaf,
    InplaceOnSaved,
    NonleafGrad,
    LostLeaf,
    IntRequiresGrad,
    BackwardTwice,
    BackwardWithoutGraph,
    DataBypass,
    GradcheckPrecision,
    NanMaskedGradient,
)

RULES_BY_CODE: dict[str, type[Rule]] = {r.code: r for r in ALL_RULES}


def enabled_rules(config: Config) -> list[Rule]:
    return [cls() for cls in ALL_RULES if config.is_enabled(cls.code)]


def rule(code: str) -> type[Rule] | None:
    return RULES_BY_CODE.get(code.upper())
