"""What the engine infers for single expressions: the facts a hover shows."""

from __future__ import annotations

from torchlint.analysis.facts import Tensor, Tri
from torchlint.engine import analyze_source


def facts_of(text: str) -> dict[str, Tensor]:
    """The facts of each name where it is bound last (the hover facts, by name)."""
    result = analyze_source(text, "facts.py")
    assert not result.errors, result.errors
    out: dict[str, Tensor] = {}
    for (_row, _col), (name, tensor) in sorted(result.facts.items()):
        out[name] = tensor
    return out


def test_tuple_results_give_one_tensor_per_output() -> None:
    facts = facts_of(
        "import torch\n"
        "a = torch.randn(4, 4, dtype=torch.float64, requires_grad=True)\n"
        "L, info = torch.linalg.cholesky_ex(a @ a.T)\n"
        "Q, R = torch.linalg.qr(a)\n"
        "logdet = torch.linalg.slogdet(a).logabsdet\n"
        "with torch.no_grad():\n"
        "    evals, evecs = torch.linalg.eigh(a @ a.T)\n"
    )
    assert facts["L"].dtype == {"float64"} and facts["L"].rg is Tri.YES
    assert facts["info"].dtype == {"int32"} and facts["info"].rg is Tri.NO
    assert facts["R"].dtype == {"float64"} and facts["R"].rg is Tri.YES
    assert facts["logdet"].dtype == {"float64"} and facts["logdet"].rg is Tri.YES
    assert facts["evecs"].dtype == {"float64"} and facts["evecs"].rg is Tri.NO


def test_max_without_dim_is_one_tensor() -> None:
    facts = facts_of(
        "import torch\n"
        "x = torch.randn(3, 4)\n"
        "top = torch.max(x)\n"
        "values, indices = torch.max(x, dim=1)\n"
    )
    assert facts["top"].dtype == {"float32"}
    assert facts["indices"].dtype == {"int64"}


def test_math_functions_are_python_numbers() -> None:
    """`math.log(...)` added to a loss keeps the loss's facts (it was an unknown operand)."""
    facts = facts_of(
        "import math\n"
        "import torch\n"
        "w = torch.randn(3, requires_grad=True)\n"
        "with torch.no_grad():\n"
        "    frozen = w.sum()\n"
        "nll = frozen + 0.5 * 3 * math.log(2 * math.pi)\n"
        "live = w.sum() + math.sqrt(len(w))\n"
    )
    assert facts["nll"].rg is Tri.NO and facts["nll"].dtype == {"float32"}
    assert facts["live"].rg is Tri.YES and facts["live"].dtype == {"float32"}


def test_a_subclass_of_a_layer_has_its_parameters() -> None:
    facts = facts_of(
        "import torch\n"
        "from torch import nn\n"
        "class QLinear(nn.Linear):\n"
        "    def forward(self, x):\n"
        "        w = self.weight\n"
        "        return super().forward(x) * 2\n"
        "class Plain(nn.Linear):\n"
        "    pass\n"
        "class Wide(nn.Linear):\n"
        "    def __init__(self, i, o):\n"
        "        super().__init__(i, o, dtype=torch.float64)\n"
        "    def forward(self, x):\n"
        "        v = self.weight\n"
        "        return x\n"
        "out = QLinear(3, 2)(torch.randn(4, 3))\n"
        "plain = Plain(3, 2)(torch.randn(4, 3))\n"
        "wide = Wide(3, 2)(torch.randn(4, 3))\n"
    )
    assert facts["w"].dtype == {"float32"} and facts["w"].rg is Tri.YES
    assert facts["w"].leaf is Tri.YES
    assert facts["out"].rg is Tri.YES and facts["out"].dtype == {"float32"}
    assert facts["plain"].rg is Tri.YES and facts["plain"].rank == 2
    assert facts["v"].dtype == {"float64"}


def test_a_submodule_found_by_name_has_the_models_parameters() -> None:
    facts = facts_of(
        "import torch\n"
        "from torch import nn\n"
        "model = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 2))\n"
        "mods = dict(model.named_modules())\n"
        "w = mods['0'].weight\n"
        "frozen = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 2))\n"
        "for p in frozen[0].parameters():\n"
        "    p.requires_grad = False\n"
        "for name, m in frozen.named_modules():\n"
        "    v = m.weight\n"
    )
    assert facts["w"].leaf is Tri.YES and facts["w"].rg is Tri.YES
    assert facts["w"].dtype == {"float32"}
    # part of the model is frozen: which submodule it is decides, so it is unknown
    assert facts["v"].rg is Tri.MAYBE


def test_module_dict_entries_by_key() -> None:
    """A ModuleDict built from a dict literal: its entries by key, and its keys to iterate;
    a store under an unknown key leaves every entry unknown."""
    facts = facts_of(
        "import torch\n"
        "from torch import nn\n"
        'heads = nn.ModuleDict({"cls": nn.Linear(4, 3), "reg": nn.Linear(4, 1).double()})\n'
        "x = torch.randn(2, 4)\n"
        'logits = heads["cls"](x)\n'
        "wide = heads.reg(x.double())\n"
        "for name in heads:\n"
        "    each = heads[name](x)\n"
        "other = nn.ModuleDict()\n"
        'other["a"] = nn.Linear(4, 2)\n'
        "key = input()\n"
        "other[key] = nn.Linear(4, 2).double()\n"
        'after = other["a"](x)\n'
    )
    assert facts["logits"].rg is Tri.YES and facts["logits"].dtype == {"float32"}
    assert facts["wide"].dtype == {"float64"}
    assert facts["each"].rg is Tri.YES
    assert "after" not in facts


def test_functional_call_requires_grad_only_as_far_as_known() -> None:
    facts = facts_of(
        "import torch\n"
        "from torch import nn\n"
        "from torch.func import functional_call\n"
        "model = nn.Linear(3, 1)\n"
        "x = torch.randn(5, 3)\n"
        "params = dict(model.named_parameters())\n"
        "frozen = {k: v.detach() for k, v in params.items()}\n"
        "out = functional_call(model, frozen, (x,))\n"
    )
    assert facts["out"].rg is Tri.MAYBE and facts["out"].dtype == {"float32"}


def test_dataclass_device_chosen_by_cuda_availability() -> None:
    """`device: str = "cuda" if torch.cuda.is_available() else "cpu"`: code for the GPU."""
    facts = facts_of(
        "from dataclasses import dataclass\n"
        "import torch\n"
        "@dataclass\n"
        "class Config:\n"
        '    device: str = "cuda" if torch.cuda.is_available() else "cpu"\n'
        "cfg = Config()\n"
        "x = torch.zeros(3).to(cfg.device)\n"
    )
    assert facts["x"].device == "cuda"


def test_two_d_pooling_of_three_dims_is_one_image() -> None:
    facts = facts_of(
        "import torch\n"
        "import torch.nn.functional as F\n"
        "img = torch.rand(3, 16, 16)\n"
        "small = F.avg_pool2d(img, 2)\n"
        "batch = F.max_pool2d(torch.rand(2, 3, 16, 16), 2)\n"
        "signal = F.avg_pool1d(torch.rand(2, 3, 16), 2)\n"
    )
    assert facts["small"].rank == 3 and facts["small"].image
    assert facts["batch"].rank == 4 and facts["batch"].image  # a batch of (C, H, W) maps
    assert facts["signal"].rank == 3 and not facts["signal"].image


def test_a_layer_output_requires_grad_because_of_the_model_parameters() -> None:
    # not "computed from `x`": `x` is plain data, and inside the Sequential the
    # previous child's output is written as the Sequential's argument
    facts = facts_of(
        "import torch\n"
        "import torch.nn as nn\n"
        "teacher = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 10))\n"
        "x = torch.randn(8, 16)\n"
        "out = teacher(x)\n"
        "hidden = nn.Linear(16, 4)(x).relu()\n"
    )
    why = facts["out"].why_rg
    assert facts["out"].rg is Tri.YES and why is not None
    assert why.text == "`teacher` has parameters that require grad"
    assert facts["hidden"].why_rg is not None
    assert facts["hidden"].why_rg.text == "computed from `nn.Linear(16, 4)(x)`, which requires grad"


def test_ranks_through_embeddings_recurrent_layers_masks_and_moves() -> None:
    facts = facts_of(
        "import torch\n"
        "import torch.nn as nn\n"
        "emb, bag = nn.Embedding(10, 8), nn.EmbeddingBag(10, 8)\n"
        "lstm, out = nn.LSTM(8, 16, batch_first=True), nn.Linear(16, 5)\n"
        "tokens = torch.zeros(4, 7, dtype=torch.long)\n"
        "e = emb(tokens)\n"
        "pooled = bag(tokens)\n"
        "h, (hn, cn) = lstm(e)\n"
        "logits = out(h)\n"
        "mask = torch.zeros(4, 7, dtype=torch.bool)\n"
        "picked = logits[mask]\n"
        "rows = logits[torch.tensor([0, 2])]\n"
        "moved = torch.rand(16, 16).cuda()\n"
    )
    ranks = {n: facts[n].rank for n in ("e", "pooled", "h", "logits", "picked", "rows", "moved")}
    assert ranks == {"e": 3, "pooled": 2, "h": 3, "logits": 3, "picked": 2, "rows": 3, "moved": 2}


def test_ranks_through_pools_and_flatten() -> None:
    facts = facts_of(
        "import torch\n"
        "from torch import nn\n"
        "x = torch.randn(8, 3, 32, 32)\n"
        "pooled = nn.MaxPool2d(2)(x)\n"
        "squeezed = nn.AdaptiveAvgPool2d(1)(pooled)\n"
        "flat = nn.Flatten()(squeezed)\n"
        "partly = nn.Flatten(2)(x)\n"
        "middle = nn.Flatten(1, 2)(x)\n"
    )
    ranks = {n: facts[n].rank for n in ("pooled", "squeezed", "flat", "partly", "middle")}
    assert ranks == {"pooled": 4, "squeezed": 4, "flat": 2, "partly": 3, "middle": None}


def test_numpy_of_a_tensor_keeps_its_rank() -> None:
    facts = facts_of(
        "import numpy as np\n"
        "import torch\n"
        "x = torch.randn(3, 4)\n"
        "keep = torch.from_numpy((np.abs(x.numpy()) > 0.1).astype(np.float64))\n"
    )
    assert facts["keep"].rank == 2 and facts["keep"].dtype == {"float64"}


def test_layer_parameter_ranks_come_from_the_table() -> None:
    facts = facts_of(
        "import torch.nn as nn\n"
        "class Masked(nn.Linear):\n"
        "    pass\n"
        "lin, conv = nn.Linear(4, 3), nn.Conv2d(3, 8, 3)\n"
        "norm, wide_norm = nn.LayerNorm(8), nn.LayerNorm((4, 8))\n"
        "sub = Masked(4, 3)\n"
        "w, b, k = lin.weight, lin.bias, conv.weight\n"
        "g, wide = norm.weight, wide_norm.weight\n"
        "sw = sub.weight\n"
    )
    ranks = {n: facts[n].rank for n in ("w", "b", "k", "g", "wide", "sw")}
    # LayerNorm's weight follows normalized_shape: known for an int, not for a tuple
    assert ranks == {"w": 2, "b": 1, "k": 4, "g": 1, "wide": None, "sw": 2}


def test_whole_array_order_statistics_are_numpy_scalars() -> None:
    facts = facts_of(
        "import numpy as np\n"
        "import torch\n"
        "w = torch.randn(4, 12).numpy()\n"
        "thr = np.quantile(np.abs(w), 0.6)\n"
        "keep = torch.from_numpy((np.abs(w) > thr).astype(np.float64))\n"
        "avg = torch.from_numpy(np.abs(w) > np.median(w))\n"
        "rows = torch.from_numpy(np.abs(w) > np.quantile(w, 0.5, axis=1, keepdims=True))\n"
    )
    assert facts["keep"].rank == 2 and facts["keep"].dtype == {"float64"}
    assert facts["avg"].rank == 2
    assert facts["rows"].rank is None  # an axis: not a scalar


def test_a_literal_sequence_loop_leaves_with_its_last_iteration() -> None:
    facts = facts_of(
        "import torch\n"
        "a, b = torch.zeros(3), torch.zeros(3)\n"
        "for t in [a, b]:\n"
        "    t.data = t.data.double()\n"
        "x, y = a, b\n"
        "c, d = torch.zeros(3), torch.zeros(3)\n"
        "for u, k in zip([c, d], [a, b]):\n"
        "    u.data = u.data.double()\n"
        "z = d\n"
    )
    # both converted, not "converted or not"
    assert facts["x"].dtype == {"float64"} and facts["y"].dtype == {"float64"}
    # a zip may stop early (at its shortest list): the second may still be float32
    assert facts["z"].dtype == {"float32", "float64"}


def test_isinstance_of_a_known_module_decides_the_branch() -> None:
    facts = facts_of(
        "import torch\n"
        "import torch.nn as nn\n"
        "class Gate(nn.Linear):\n"
        "    pass\n"
        "model = nn.Sequential(Gate(4, 4), nn.ReLU(), nn.Linear(4, 2))\n"
        "for m in model:\n"
        "    if isinstance(m, Gate):\n"
        "        m.double()\n"
        "    if isinstance(m, (nn.ReLU, Gate)):\n"
        "        pass\n"
        "gate_out = model[0](torch.randn(2, 4).double())\n"
        "head_out = model[2](torch.randn(2, 4))\n"
    )
    assert facts["gate_out"].dtype == {"float64"}
    assert facts["head_out"].dtype == {"float32"}


def test_a_model_built_with_optional_activations_still_computes() -> None:
    facts = facts_of(
        "import torch\n"
        "import torch.nn as nn\n"
        "def make_mlp(widths, p_drop=0.0):\n"
        "    layers = []\n"
        "    for i, (cin, cout) in enumerate(zip(widths[:-1], widths[1:])):\n"
        "        layers.append(nn.Linear(cin, cout))\n"
        "        if i < len(widths) - 2:\n"
        "            layers.append(nn.ReLU())\n"
        "            if p_drop > 0:\n"
        "                layers.append(nn.Dropout(p_drop))\n"
        "    return nn.Sequential(*layers)\n"
        "out = make_mlp([20, 16, 5], p_drop=0.1)(torch.randn(4, 20))\n"
    )
    assert facts["out"].dtype == {"float32"} and facts["out"].rg.name == "YES"


def test_dict_comprehension_of_numbers_and_random_draws_keep_their_kind() -> None:
    facts = facts_of(
        "import random\n"
        "import torch\n"
        "vocab = sorted(set('a b c'.split()))\n"
        "word2idx = {w: i for i, w in enumerate(vocab)}\n"
        "weights = {w: 1.0 / (i + 1) for i, w in enumerate(vocab)}\n"
        "ids = torch.tensor([word2idx[w] for w in vocab])\n"
        "scale = torch.tensor([weights[w] for w in vocab])\n"
        "pairs = []\n"
        "for i, w in enumerate(vocab):\n"
        "    pairs.append((word2idx[w], i))\n"
        "batch = random.sample(pairs, 2)\n"
        "ctx = torch.tensor([o for _, o in batch])\n"
        "word2idx[unknown_word] = 0.5\n"
        "later = torch.tensor([word2idx[w] for w in vocab])\n"
    )
    assert facts["ids"].dtype == {"int64"} and facts["ctx"].dtype == {"int64"}
    assert facts["scale"].dtype == {"float32"}
    assert facts["later"].dtype is None  # a float stored under an unknown key


def test_a_loop_from_a_python_zero_accumulates_the_tensor() -> None:
    facts = facts_of(
        "import torch\n"
        "w = torch.randn(3, requires_grad=True)\n"
        "loss = 0\n"
        "for part in parts:\n"
        "    loss = loss + (w * part.float()).sum()\n"
        "total = loss\n"
        "count = 0\n"
        "for part in parts:\n"
        "    count = count + 1\n"
    )
    assert facts["total"].rg.name == "YES"  # the tensor, not "0 or a tensor"


def test_isinstance_stays_unknown_for_protocols_and_unknown_modules() -> None:
    facts = facts_of(
        "import torch\n"
        "import torch.nn as nn\n"
        "from typing import Protocol, runtime_checkable\n"
        "@runtime_checkable\n"
        "class Switchable(Protocol):\n"
        "    def for_inference(self): ...\n"
        "class Net(nn.Module):\n"
        "    def for_inference(self):\n"
        "        return self.eval()\n"
        "def probe(model: nn.Module, net: Net):\n"
        "    a = torch.zeros(1) if isinstance(model, Net) else torch.zeros(1).double()\n"
        "    b = torch.zeros(1) if isinstance(net, Switchable) else torch.zeros(1).double()\n"
        "    c = torch.zeros(1) if isinstance(nn.ReLU(), Net) else torch.zeros(1).double()\n"
        "    return a, b, c\n"
    )
    assert facts["a"].dtype == facts["b"].dtype == {"float32", "float64"}
    assert facts["c"].dtype == {"float64"}  # a torch layer is no class of this file


def test_order_statistics_with_a_method_or_many_q_keep_no_dtype() -> None:
    facts = facts_of(
        "import numpy as np\n"
        "import torch\n"
        "labels = np.arange(0, 50, dtype=np.int64)\n"
        "feats = np.ones((4, 3), dtype=np.float32)\n"
        "low = torch.from_numpy(np.asarray(np.quantile(labels, 0.0, method='lower')))\n"
        "qs = torch.from_numpy(np.quantile(feats, [0.1, 0.9]))\n"
        "mid = torch.from_numpy(np.asarray(np.quantile(feats, 0.5)))\n"
    )
    assert facts["low"].dtype is None and facts["qs"].dtype is None
    assert facts["mid"].dtype == {"float32"} and facts["mid"].rank == 0


def test_parameters_stand_for_weight_and_bias_so_they_have_no_one_rank() -> None:
    facts = facts_of(
        "import torch.nn as nn\n"
        "conv = nn.Conv2d(3, 8, 3)\n"
        "for p in conv.parameters():\n"
        "    any_param = p\n"
        "emb = nn.Embedding(10, 4)\n"
        "for q in emb.parameters():\n"
        "    only = q\n"
    )
    assert facts["any_param"].rank is None and facts["only"].rank == 2


def test_legacy_random_state_draws_have_numpy_dtypes() -> None:
    facts = facts_of(
        "import numpy as np\n"
        "import torch\n"
        "rs = np.random.RandomState(0)\n"
        "a = torch.from_numpy(rs.randint(0, 4, 10))\n"
        "b = torch.from_numpy(rs.randn(3, 4))\n"
        "c = torch.from_numpy(rs.binomial(1, 0.5, size=(2, 3)))\n"
    )
    assert (facts["a"].dtype, facts["a"].rank) == ({"int64"}, 1)
    assert (facts["b"].dtype, facts["b"].rank) == ({"float64"}, 2)
    assert (facts["c"].dtype, facts["c"].rank) == ({"int64"}, 2)


def test_a_second_instance_keeps_the_tensor_it_was_given() -> None:
    facts = facts_of(
        "import torch\n"
        "import torch.nn as nn\n"
        "class Diffuse(nn.Module):\n"
        "    def __init__(self, n, transition):\n"
        "        super().__init__()\n"
        "        self.register_buffer('P', transition)\n"
        "        self.lin = nn.Linear(n, n)\n"
        "first = Diffuse(4, torch.eye(4).double())\n"
        "second = Diffuse(6, torch.eye(6))\n"
        "p1, p2 = first.P, second.P\n"
    )
    assert facts["p1"].dtype == {"float64"} and facts["p2"].dtype == {"float32"}


def test_number_dicts_and_single_draws_do_not_claim_a_dtype() -> None:
    facts = facts_of(
        "import numpy as np\n"
        "import torch\n"
        "vocab = ['a', 'b']\n"
        "weight = {w: 1 for w in vocab}\n"
        "weight[vocab[0]] *= 0.5\n"
        "halved = torch.tensor([weight[w] for w in vocab])\n"
        "rs, rng = np.random.RandomState(0), np.random.default_rng(0)\n"
        "one = torch.tensor(rs.rand())\n"
        "draw = torch.tensor(rng.normal(0.0, 1.0))\n"
        "module_level = torch.tensor(np.random.rand())\n"
    )
    assert facts["halved"].dtype is None  # an int entry may have become a float
    for name in ("one", "draw", "module_level"):
        assert facts[name].dtype != {"float64"}, name  # Python floats make float32


def test_identity_gives_back_its_input() -> None:
    facts = facts_of(
        "import torch\n"
        "import torch.nn as nn\n"
        "x = torch.randn(2, 4, requires_grad=True)\n"
        "same = nn.Identity()(x)\n"
        "drop = nn.Dropout(0.5).eval()\n"
        "kept = drop(x)\n"
        "train_drop = nn.Dropout(0.5)\n"
        "dropped = train_drop(x)\n"
    )
    assert facts["same"].leaf.name == "YES" and facts["kept"].leaf.name == "YES"
    assert facts["dropped"].leaf.name == "NO"


def test_shape_entries_are_ints_when_the_rank_is_unknown() -> None:
    """`x.shape[1]` is an int whatever the rank: dividing by it keeps the tensor's dtype."""
    facts = facts_of(
        "import numpy as np\n"
        "import torch\n"
        "x = torch.from_numpy(np.load('feats.npy'))\n"
        "w = torch.randn(6, 32) / x.shape[1] ** 0.5\n"
        "v = torch.randn(6, 32) / x.shape[-1]\n"
        "z = torch.zeros(x.shape)\n"
    )
    assert facts["x"].rank is None
    assert facts["w"].dtype == {"float32"}
    assert facts["v"].dtype == {"float32"}
    assert facts["z"].rank is None


def test_vmap_runs_the_function_on_one_sample() -> None:
    """A call of `vmap(f)` runs `f` with each mapped tensor as one sample (dtype and device
    kept, rank unknown); an unmapped argument (`in_dims` None) is passed whole."""
    facts = facts_of(
        "import torch\n"
        "from torch.func import vmap\n"
        "def f(w, row):\n"
        "    inner = row\n"
        "    return row @ w\n"
        "x = torch.randn(5, 3, dtype=torch.float64)\n"
        "w = torch.randn(3, 2, dtype=torch.float64)\n"
        "out = vmap(f, in_dims=(None, 0))(w, x)\n"
    )
    assert facts["inner"].dtype == {"float64"} and facts["inner"].rank is None
    assert facts["out"].dtype == {"float64"} and facts["out"].rank is None


def test_division_with_a_rounding_mode_keeps_integers() -> None:
    facts = facts_of(
        "import torch\n"
        "offset = torch.arange(10)\n"
        "x = torch.randn(3, 4)\n"
        "floor = torch.div(offset, x.shape[-1], rounding_mode='floor')\n"
        "trunc = offset.div(4, rounding_mode='trunc')\n"
        "true = torch.div(offset, 4)\n"
    )
    assert facts["floor"].dtype == {"int64"}
    assert facts["trunc"].dtype == {"int64"}
    assert facts["true"].dtype == {"float32"}


def test_unpacked_rows_and_index_tuples() -> None:
    """A layout op's result unpacks into rows; sort, topk and one-argument `where` give
    int64 indices; what may be a tuple of several tensors does not unpack into rows."""
    facts = facts_of(
        "import torch\n"
        "import torch.nn.functional as F\n"
        "qkv = torch.randn(2, 5, 3, 8, requires_grad=True)\n"
        "q, k, v = qkv.permute(2, 0, 1, 3)\n"
        "values, order = qkv.detach().sort(dim=1)\n"
        "rows, cols = torch.where(qkv > 0)\n"
        "pooled, where = F.max_pool2d(qkv.detach(), 2, return_indices=True)\n"
    )
    assert facts["q"].dtype == {"float32"} and facts["q"].rank == 3
    assert facts["q"].rg is Tri.YES and facts["q"].leaf is Tri.NO
    assert facts["order"].dtype == {"int64"} and facts["values"].dtype == {"float32"}
    assert facts["rows"].dtype == {"int64"} and facts["cols"].rank == 1
    assert "where" not in facts  # an unknown, not a row of the pooled tensor


def test_numpy_fft_and_abs_dtypes() -> None:
    # numpy 2: single precision stays single through the FFT; a magnitude is real; the
    # absolute value of integers stays integer
    facts = facts_of(
        "import numpy as np\n"
        "import torch\n"
        "x = np.zeros(16)\n"
        "spec = torch.from_numpy(np.fft.rfft(x))\n"
        "single = torch.from_numpy(np.fft.rfft(x.astype(np.float32)))\n"
        "mag = torch.from_numpy(np.abs(np.fft.rfft(x)))\n"
        "back = torch.from_numpy(np.fft.irfft(np.fft.rfft(x)))\n"
        "counts = torch.from_numpy(np.abs(np.arange(4) - 2))\n"
    )
    dtypes = {n: facts[n].dtype for n in ("spec", "single", "mag", "back", "counts")}
    assert dtypes == {
        "spec": {"complex128"},
        "single": {"complex64"},
        "mag": {"float64"},
        "back": {"float64"},
        "counts": {"int64"},
    }


def test_attention_weights_rank_follows_averaging() -> None:
    facts = facts_of(
        "import torch\n"
        "from torch import nn\n"
        "mha = nn.MultiheadAttention(8, 2, batch_first=True)\n"
        "x = torch.randn(3, 5, 8)\n"
        "out, averaged = mha(x, x, x)\n"
        "out2, per_head = mha(x, x, x, average_attn_weights=False)\n"
    )
    assert facts["averaged"].rank == 3 and facts["per_head"].rank == 4


def test_keywords_that_choose_the_result_dtype() -> None:
    facts = facts_of(
        "import torch\n"
        "v = torch.randn(5)\n"
        "edges = torch.tensor([0.0, 1.0])\n"
        "a = torch.bucketize(v, edges)\n"
        "b = torch.bucketize(v, edges, out_int32=True)\n"
        "c = torch.searchsorted(edges, v, out_int32=flag)\n"
        "d = v.sum(dtype=torch.float64)\n"
        "e = v.sum(dtype=some_dtype)\n"
        "f = v.cumsum(0, dtype=None)\n"
    )
    assert facts["a"].dtype == frozenset({"int64"})
    assert facts["b"].dtype == frozenset({"int32"})
    assert facts["c"].dtype is None  # a flag the analysis does not know
    assert facts["d"].dtype == frozenset({"float64"})
    assert facts["e"].dtype is None
    assert facts["f"].dtype == frozenset({"float32"})


def test_gradients_take_their_inputs_dtype_device_and_shape() -> None:
    facts = facts_of(
        "import torch\n"
        "x = torch.randn(4, 2, dtype=torch.float64, requires_grad=True)\n"
        "w = torch.randn(3, device='cuda', requires_grad=True)\n"
        "out = (x ** 2).sum() + w.sum()\n"
        "gx, gw = torch.autograd.grad(out, (x, w))\n"
    )
    assert facts["gx"].dtype == frozenset({"float64"}) and facts["gx"].rank == 2
    assert facts["gw"].device == "cuda" and facts["gw"].rank == 1


def test_gradients_with_a_graph_through_parameters_require_grad() -> None:
    facts = facts_of(
        "import torch\n"
        "from torch import nn\n"
        "critic = nn.Linear(3, 1)\n"
        "x = torch.randn(4, 3, requires_grad=True)\n"
        "(g,) = torch.autograd.grad(critic(x).sum(), x, create_graph=True)\n"
        "(h,) = torch.autograd.grad((x * 3).sum(), x, create_graph=True)\n"
        "(k,) = torch.autograd.grad(critic(x).sum(), x)\n"
    )
    # through the critic's weights: the gradient depends on them
    assert facts["g"].rg is Tri.YES and facts["g"].leaf is Tri.NO
    # linear in x alone: torch gives a constant (requires_grad False) here, maybe not elsewhere
    assert facts["h"].rg is Tri.MAYBE
    assert facts["k"].rg is Tri.NO


def test_numpy_bins_and_index_tricks() -> None:
    facts = facts_of(
        "import numpy as np\n"
        "import torch\n"
        "table = np.random.randn(90, 5)\n"
        "xy = np.random.uniform(-1, 1, size=(10, 2))\n"
        "bins = torch.from_numpy(np.digitize(table[:, 0], [-0.5, 0.5]))\n"
        "pts = torch.from_numpy(np.c_[xy, (xy ** 2).sum(axis=1)])\n"
        "row = torch.from_numpy(np.r_[xy[:, 0], xy[:, 1]])\n"
    )
    assert facts["bins"].dtype == frozenset({"int64"}) and facts["bins"].rank == 1
    assert facts["pts"].dtype == frozenset({"float64"}) and facts["pts"].rank == 2
    assert facts["row"].dtype == frozenset({"float64"}) and facts["row"].rank == 1


def test_flatten_joins_the_dimensions_from_start_to_end() -> None:
    facts = facts_of(
        "import torch\n"
        "x = torch.zeros(2, 3, 4, 5)\n"
        "a = x.flatten(1)\n"
        "b = x.flatten()\n"
        "c = torch.flatten(x, 1, 2)\n"
        "d = x.flatten(-2)\n"
        "e = x.flatten(start_dim=2)\n"
        "f = x.flatten(k)\n"
    )
    assert [facts[n].rank for n in "abcde"] == [2, 1, 3, 3, 3]
    assert facts["f"].rank is None
