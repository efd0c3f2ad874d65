"""The package's stub (`stonegame/_stonegame.pyi`) read as data: every public
callable with its parameters and their annotations, so that tests cover new
functions and methods without being told about them."""

import ast
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import stonegame

STUB = Path(stonegame.__file__).resolve().parent / "_stonegame.pyi"


@dataclass(frozen=True)
class Parameter:
    name: str
    annotation: str  # aliases expanded, as `ast.unparse` writes it
    keyword_only: bool
    default: Optional[str]  # the default's source, None when required


@dataclass(frozen=True)
class Callable:
    owner: Optional[str]  # the class, None for a module function
    name: str  # "__init__" for a constructor
    parameters: Tuple[Parameter, ...]  # without `self`
    is_property: bool

    @property
    def label(self) -> str:
        return self.name if self.owner is None else f"{self.owner}.{self.name}"


def _tree() -> ast.Module:
    return ast.parse(STUB.read_text(encoding="utf-8"))


def aliases() -> Dict[str, str]:
    """The stub's type aliases (`Heaps = Iterable[int]`), expanded."""
    found: Dict[str, str] = {}
    for node in _tree().body:
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and not isinstance(node.value, ast.Call)
        ):
            found[node.targets[0].id] = ast.unparse(node.value)
    for _ in range(len(found)):
        for name, text in found.items():
            for other, expansion in found.items():
                text = _replace_name(text, other, expansion)
            found[name] = text
    return found


def _replace_name(text: str, name: str, expansion: str) -> str:
    tree = ast.parse(text, mode="eval")

    class Expand(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.AST:
            if node.id == name:
                return ast.parse(expansion, mode="eval").body
            return node

    return ast.unparse(Expand().visit(tree))


def _parameters(function: ast.FunctionDef, bindings: Dict[str, str]) -> Tuple[Parameter, ...]:
    arguments = function.args
    positional = list(arguments.posonlyargs) + list(arguments.args)
    defaults: List[Optional[ast.expr]] = [None] * (len(positional) - len(arguments.defaults)) + list(
        arguments.defaults
    )
    found: List[Parameter] = []

    def annotation(argument: ast.arg) -> str:
        text = ast.unparse(argument.annotation) if argument.annotation is not None else "Any"
        for name, expansion in bindings.items():
            text = _replace_name(text, name, expansion)
        return text

    for argument, default in zip(positional, defaults):
        if argument.arg == "self":
            continue
        found.append(
            Parameter(argument.arg, annotation(argument), False, None if default is None else ast.unparse(default))
        )
    for argument, default in zip(arguments.kwonlyargs, arguments.kw_defaults):
        found.append(
            Parameter(argument.arg, annotation(argument), True, None if default is None else ast.unparse(default))
        )
    return tuple(found)


def callables() -> Dict[str, Callable]:
    """Every function, constructor and method of the stub's public names,
    methods inherited from the stub's private bases included (with the base's
    type parameter bound to the class's argument), by label."""
    tree = _tree()
    expanded = aliases()
    classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
    found: Dict[str, Callable] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
            found[node.name] = Callable(None, node.name, _parameters(node, expanded), False)
    for name, node in classes.items():
        if name.startswith("_"):
            continue
        chain: List[Tuple[ast.ClassDef, Dict[str, str]]] = [(node, dict(expanded))]
        for base in node.bases:
            argument: Optional[str] = None
            if isinstance(base, ast.Subscript) and isinstance(base.value, ast.Name):
                argument = ast.unparse(base.slice)
                base = base.value
            if isinstance(base, ast.Name) and base.id in classes:
                parent = classes[base.id]
                bindings = dict(expanded)
                if argument is not None:
                    for other, expansion in expanded.items():
                        argument = _replace_name(argument, other, expansion)
                    bindings["_Position"] = argument
                chain.append((parent, bindings))
        for owner, bindings in chain:
            for item in owner.body:
                if not isinstance(item, ast.FunctionDef):
                    continue
                if item.name.startswith("_") and item.name != "__init__":
                    continue
                label = f"{name}.{item.name}"
                if label in found:
                    continue  # the class's own definition wins over its base's
                is_property = any(
                    isinstance(d, ast.Name) and d.id == "property" for d in item.decorator_list
                )
                found[label] = Callable(name, item.name, _parameters(item, bindings), is_property)
    return found
