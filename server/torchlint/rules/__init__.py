"""The rule registry: every rule, listed once, by code.

Codes are stable and never reused. Adding a rule means adding its module here; the
registry tests fail on a duplicate code, an unlisted rule module, or a rule without
documentation or fixtures.
"""

from __future__ import annotations

import functools

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
from torchlint.rules.tl301_missing_zero_grad import MissingZeroGrad
from torchlint.rules.tl302_eval_without_no_grad import EvalWithoutNoGrad
from torchlint.rules.tl303_graph_accumulation import GraphAccumulation
from torchlint.rules.tl304_missing_eval_mode import MissingEvalMode
from torchlint.rules.tl305_functional_dropout import FunctionalDropout
from torchlint.rules.tl401_softmax_before_cross_entropy import SoftmaxBeforeCrossEntropy
from torchlint.rules.tl402_dtype_mismatch import DtypeMismatch
from torchlint.rules.tl403_device_mismatch import DeviceMismatch
from torchlint.rules.tl404_legacy_tensor_api import LegacyTensorApi
from torchlint.rules.tl405_interpolate_batch_dim import InterpolateBatchDim
from torchlint.rules.tl406_target_requires_grad import TargetRequiresGrad

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
    MissingZeroGrad,
    EvalWithoutNoGrad,
    GraphAccumulation,
    MissingEvalMode,
    FunctionalDropout,
    SoftmaxBeforeCrossEntropy,
    DtypeMismatch,
    DeviceMismatch,
    LegacyTensorApi,
    InterpolateBatchDim,
    TargetRequiresGrad,
)

RULES_BY_CODE: dict[str, type[Rule]] = {r.code: r for r in ALL_RULES}


def enabled_rules(config: Config) -> list[Rule]:
    """Fresh instances (a rule may keep state during one analysis) of the enabled rules."""
    return [cls() for cls in _enabled_classes(config.select + config.extend_select, config.ignore)]


@functools.lru_cache(maxsize=64)
def _enabled_classes(select: tuple[str, ...], ignore: tuple[str, ...]) -> tuple[type[Rule], ...]:
    config = Config(select=select, ignore=ignore)
    return tuple(cls for cls in ALL_RULES if config.is_enabled(cls.code))


def rule(code: str) -> type[Rule] | None:
    return RULES_BY_CODE.get(code.upper())
