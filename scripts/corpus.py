"""The real-code corpus: torchvision and timm sources, taken from their PyPI wheels.

Downloaded once into .cache/corpus (never imported, never installed): the benchmark and
the false-positive guard both read these files.
"""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "corpus"
PACKAGES = {
    "torchvision": "torchvision==0.29.1",
    "timm": "timm==1.0.31",
}
# `make fp-wide`: twenty more well-known PyTorch code bases (about 3 million lines). Every
# Python file of each wheel is read, the package and anything it ships beside it.
WIDE_PACKAGES = {
    "diffusers": "diffusers==0.42.1",
    "gpytorch": "gpytorch==1.15.2",
    "kornia": "kornia==0.9.0",
    "lpips": "lpips==0.1.4",
    "monai": "monai==1.6.1",
    "open_clip_torch": "open_clip_torch==3.3.0",
    "peft": "peft==0.21.2",
    "pyro_ppl": "pyro_ppl==1.9.2",
    "pytorch_lightning": "pytorch_lightning==2.6.6",
    "pytorch_metric_learning": "pytorch_metric_learning==2.9.0",
    "segmentation_models_pytorch": "segmentation_models_pytorch==0.6.0",
    "sentence_transformers": "sentence_transformers==6.2.0",
    "skorch": "skorch==1.4.0",
    "stable_baselines3": "stable_baselines3==2.9.2",
    "torch_geometric": "torch_geometric==2.8.1",
    "torch_optimizer": "torch_optimizer==0.3.0",
    "torchmetrics": "torchmetrics==1.9.0",
    "torchrl": "torchrl==0.14.1",
    "transformers": "transformers==5.23.0",
    "ultralytics": "ultralytics==8.4.190",
}
# A fixed platform makes the corpus the same on every machine.
PLATFORM = [
    "--platform",
    "manylinux_2_28_x86_64",
    "--python-version",
    "3.11",
    "--implementation",
    "cp",
]


def ensure_corpus(packages: dict[str, str] | None = None) -> dict[str, Path]:
    """Folders of extracted sources, one per package (downloads on first use).

    For the core corpus the folder is the package itself (`.../torchvision`); for the wide
    one it is the wheel's root, holding every top-level folder the wheel ships.
    """
    wheels = CACHE / "wheels"
    out: dict[str, Path] = {}
    for name, spec in (packages or PACKAGES).items():
        whole_wheel = name not in PACKAGES
        target = CACHE / spec.replace("==", "-")
        if not (target / ".complete").exists():
            wheels.mkdir(parents=True, exist_ok=True)
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "download",
                    "--quiet",
                    "--no-deps",
                    "--only-binary=:all:",
                    *PLATFORM,
                    spec,
                    "-d",
                    str(wheels),
                ],
                check=True,
                stdin=subprocess.DEVNULL,
            )
            wheel = next(wheels.glob(f"{name}-{spec.split('==')[1]}-*.whl"))
            with zipfile.ZipFile(wheel) as zf:
                for member in zf.namelist():
                    top = member.split("/", 1)[0]
                    wanted = (
                        not top.endswith((".dist-info", ".data"))
                        if whole_wheel
                        else member.startswith(f"{name}/")
                    )
                    if member.endswith(".py") and wanted:
                        zf.extract(member, target)
            (target / ".complete").write_text(spec)
        out[name] = target if whole_wheel else target / name
    return out


def corpus_files() -> list[Path]:
    files: list[Path] = []
    for folder in ensure_corpus().values():
        files.extend(sorted(folder.rglob("*.py")))
    return files


if __name__ == "__main__":
    files = corpus_files()
    lines = sum(len(p.read_text(encoding="utf-8", errors="replace").splitlines()) for p in files)
    print(f"{len(files)} files, {lines} lines under {CACHE}")
