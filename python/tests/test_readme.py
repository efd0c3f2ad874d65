"""The `>>>` examples of python/README.md give the answers shown."""

import doctest
from pathlib import Path


def test_readme_examples() -> None:
    readme = Path(__file__).resolve().parents[1] / "README.md"
    failures, tried = doctest.testfile(
        str(readme), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE
    )
    assert tried > 10
    assert failures == 0
