"""The rule registry keeps its promises: unique codes, every module registered, docs,
fixtures, and examples that do what the docs say."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import torchlint.rules as rules_pkg
from tests.conftest import CASES, ROOT
from torchlint.docs import rule_markdown
from torchlint.engine import analyze_source
from torchlint.rules import ALL_RULES, RULES_BY_CODE
from torchlint.rules.base import REQUIRED_HEADINGS, Rule

FIXCASES = ROOT / "tests" / "rules" / "fixcases"


def test_codes_and_names_are_unique_and_well_formed() -> None:
    codes = [r.code for r in ALL_RULES]
    names = [r.name for r in ALL_RULES]
    assert len(codes) == len(set(codes)), "duplicate rule code"
    assert len(names) == len(set(names)), "duplicate rule name"
    for r in ALL_RULES:
        assert re.fullmatch(r"TL[1-9]\d\d", r.code), r.code
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", r.name), r.name
        assert r.summary.endswith("."), f"{r.code} summary should be a sentence"


def test_every_rule_module_is_registered() -> None:
    registered = set(ALL_RULES)
    for info in pkgutil.iter_modules(rules_pkg.__path__):
        if not re.fullmatch(r"tl\d{3}_\w+", info.name):
            continue
        module = importlib.import_module(f"torchlint.rules.{info.name}")
        defined = [
            obj
            for obj in vars(module).values()
            if isinstance(obj, type)
            and issubclass(obj, Rule)
            and obj is not Rule
            and obj.__module__ == module.__name__
        ]
        assert defined, f"{info.name} defines no rule"
        for cls in defined:
            assert cls in registered, f"{cls.__name__} ({info.name}) is not in ALL_RULES"
            assert info.name.startswith(cls.code.lower()), (
                f"{info.name} should start with {cls.code.lower()}"
            )


@pytest.mark.parametrize("rule", ALL_RULES, ids=lambda r: r.code)
def test_rule_has_docs_page_and_fixtures(rule: type[Rule]) -> None:
    docs = rule.docs()
    for heading in REQUIRED_HEADINGS:
        assert docs.sections.get(heading, "").strip(), f"{rule.code} docs lack '## {heading}'"
    page = ROOT / "docs" / "rules" / f"{rule.code}.md"
    assert page.is_file(), f"missing {page}; run `make docs`"
    assert page.read_text(encoding="utf-8") == rule_markdown(rule), (
        f"{page} is stale; run `make docs`"
    )
    cases = list((CASES / rule.code).glob("*.py"))
    assert any(p.name.startswith("pos_") for p in cases), f"{rule.code} has no positive case"
    assert any(p.name.startswith("neg_") for p in cases), f"{rule.code} has no negative case"
    if rule.fix_title:
        assert (FIXCASES / f"{rule.code}.py").is_file(), (
            f"{rule.code} offers a fix but has no fix case"
        )


@pytest.mark.parametrize("rule", ALL_RULES, ids=lambda r: r.code)
def test_doc_examples(rule: type[Rule]) -> None:
    docs = rule.docs()
    bad = docs.example_code("Example")
    good = docs.example_code("Use instead")
    assert any(f.code == rule.code for f in analyze_source(bad, "example.py").findings), (
        f"{rule.code}: its documented example is not flagged"
    )
    assert not any(f.code == rule.code for f in analyze_source(good, "example.py").findings), (
        f"{rule.code}: its 'Use instead' example is flagged"
    )


def test_lookup_by_code() -> None:
    assert RULES_BY_CODE["TL101"].name == "inplace-on-leaf"
    assert Path(rules_pkg.__file__).is_file()
