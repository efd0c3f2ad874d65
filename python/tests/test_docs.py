"""Every public class, function and method has a docstring."""

import inspect

import stonegame


def test_every_public_item_has_a_docstring() -> None:
    missing = []
    for name in stonegame.__all__:
        item = getattr(stonegame, name)
        if not (item.__doc__ or "").strip():
            missing.append(name)
        if inspect.isclass(item) and not issubclass(item, BaseException):
            for attribute, member in vars(item).items():
                if attribute.startswith("_"):
                    continue
                if not (getattr(member, "__doc__", None) or "").strip():
                    missing.append(f"{name}.{attribute}")
    assert missing == []
