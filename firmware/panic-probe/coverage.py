#!/usr/bin/env python3
"""Checks that the panic probe calls every public function of the core, per
type and method, and every const-generic item of the core at every capacity
from 0 to 3 and at an odd one above.

Usage: coverage.py RUSTDOC_JSON PROBE_ELF TOOLS_DIR

- RUSTDOC_JSON: the core's public API (`cargo +nightly rustdoc -p plateau-core
  -- -Z unstable-options --output-format json`). Every free function, every
  method of an inherent impl, every method of a trait impl written in the core
  (derived impls excluded: the compiler writes them), and every provided method
  of a core trait for each type that implements it, as `Type::method`.
- PROBE_ELF: the probe built with no optimization (profile `probe-coverage`),
  v0 symbol mangling and the relocations kept (`--emit-relocs`), so that each
  call and each function address the probe takes is a relocation naming its
  target. The script follows the references from the probe's `main` through
  the probe's own functions, `core` and other crates (formatting, iterator
  adapters), and stops at each function of the core it reaches: those are the
  calls the probe makes. A core function reached only from inside another core
  function is not called by the probe and fails the check.
- Const generics: every const-generic type of the core (`SortedBag<T, N>`,
  `Deal<W>`, ...) must be reached with each const parameter at 0, 1, 2 and 3
  and at one odd value of 5 or more, and so must every const-generic method
  (the probe calls it with such arguments): a panic at one capacity only
  (`W % 4 == 3`, say) would otherwise pass the link.

Prints what is missing and exits 1, or prints a summary and exits 0.
"""

import bisect
import json
import re
import subprocess
import sys
from collections import defaultdict


# The rustdoc JSON formats this script reads (`format_version`).
FORMATS = {57}


def main():
    doc_path, elf, tools = sys.argv[1:4]
    api = load_api(doc_path)
    reached = reached_core_functions(elf, tools, api)
    missing = []
    called = set()
    for name in reached:
        key = normalize(name)
        if key:
            called.add(key)
    for key, label in sorted(api["functions"].items(), key=lambda kv: kv[1]):
        if key not in called:
            missing.append(f"no call to {label}")
    for path, params in sorted(api["const_generic_types"].items()):
        for position, param, default in params:
            values = set()
            for n in reached:
                values |= const_args(n, path, position, default)
            for want in capacities_missing(values):
                missing.append(f"{'::'.join(path)} is never used with {param} = {want}")
    # By label: a free function's key has no type (None), a method's has one.
    for key, (label, params) in sorted(api["const_generic_fns"].items(), key=lambda kv: kv[1][0]):
        for position, param, _ in params:
            values = {v for n in reached for v in fn_const_args(n, key, position)}
            for want in capacities_missing(values):
                missing.append(f"{label} is never called with {param} = {want}")
    if missing:
        for m in missing:
            print(f"panic probe coverage: {m}", file=sys.stderr)
        print(
            f"panic probe coverage: FAILED: {len(missing)} missing "
            f"(call each from firmware/panic-probe/src/, in its capability's module, on opaque inputs)",
            file=sys.stderr,
        )
        sys.exit(1)
    print(
        f"the probe calls all {len(api['functions'])} public functions and methods of the core "
        f"(per type), and every const-generic item at capacities 0 to 3 and an odd one above"
    )


# --- the public API, from rustdoc's JSON ------------------------------------


def load_api(doc_path):
    with open(doc_path) as f:
        doc = json.load(f)
    if doc.get("format_version") not in FORMATS:
        sys.exit(
            f"panic probe coverage: rustdoc JSON format {doc.get('format_version')}, "
            f"this script reads {sorted(FORMATS)}: run coverage.sh with its pinned "
            f"nightly (PROBE_NIGHTLY), or teach this script the new format"
        )
    index, paths = doc["index"], doc["paths"]

    def path_of(item_id):
        entry = paths.get(str(item_id))
        return tuple(entry["path"]) if entry else None

    functions = {}  # key -> label
    const_generic_types = {}
    const_generic_fns = {}
    derived = set()  # (type path, trait path): impls the compiler wrote
    core_impls = set()  # (type path, trait path) written in the core

    def const_params(generics):
        return [
            (i, p["name"], (p["kind"]["const"] or {}).get("default"))
            for i, p in enumerate(q for q in generics["params"] if "lifetime" not in q["kind"])
            if "const" in p["kind"]
        ]

    for item_id, path in ((k, tuple(v["path"])) for k, v in paths.items() if v["crate_id"] == 0):
        item = index.get(item_id)
        if item is None:
            continue
        kind = next(iter(item["inner"]))
        if kind == "function":
            key = (None, None, "::".join(path))
            functions[key] = "::".join(path)
            params = const_params(item["inner"]["function"]["generics"])
            if params:
                const_generic_fns[key] = ("::".join(path), params)
        elif kind in ("struct", "enum", "union"):
            params = const_params(item["inner"][kind]["generics"])
            if params:
                const_generic_types[path] = params

    for item in index.values():
        if item["crate_id"] != 0 or "impl" not in item["inner"]:
            continue
        impl = item["inner"]["impl"]
        if impl["is_synthetic"] or impl["blanket_impl"] or impl["is_negative"]:
            continue
        for_type = impl["for"].get("resolved_path")
        if not for_type:
            continue
        type_path = path_of(for_type["id"])
        if type_path is None or type_path[0] != "plateau":
            continue
        trait_path = path_of(impl["trait"]["id"]) if impl["trait"] else None
        type_name = type_path[-1]
        is_derived = any("automatically_derived" in str(a) for a in item["attrs"])
        if trait_path:
            (derived if is_derived else core_impls).add(("::".join(type_path), "::".join(trait_path)))
        if is_derived:
            continue
        for member_id in impl["items"]:
            member = index.get(str(member_id))
            if member is None or "function" not in member["inner"]:
                continue
            if trait_path is None and member["visibility"] != "public":
                continue
            key = ("::".join(type_path), "::".join(trait_path) if trait_path else None, member["name"])
            label = f"{type_name}::{member['name']}"
            if trait_path:
                label = f"<{type_name} as {trait_path[-1]}>::{member['name']}"
            functions[key] = label
            params = const_params(member["inner"]["function"]["generics"])
            if params:
                const_generic_fns[key] = (label, params)
        # A core trait's provided methods run the core's code for this type.
        if trait_path and trait_path[0] == "plateau":
            for name in impl["provided_trait_methods"]:
                key = ("::".join(type_path), "::".join(trait_path), name)
                functions[key] = f"<{type_name} as {trait_path[-1]}>::{name}"

    return {
        "functions": functions,
        "const_generic_types": const_generic_types,
        "const_generic_fns": const_generic_fns,
        "trait_impls": derived | core_impls,
    }


# --- demangled names -----------------------------------------------------------


def split_top(text, sep):
    """Splits `text` at `sep` outside brackets."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        c = text[i]
        if c in "<([{":
            depth += 1
        elif c in ">)]}":
            depth -= 1
        elif depth == 0 and text.startswith(sep, i):
            parts.append(text[start:i])
            i += len(sep)
            start = i
            continue
        i += 1
    parts.append(text[start:])
    return parts


def closing(text, start):
    """Index of the bracket closing the one at `start`."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] in "<([{":
            depth += 1
        elif text[i] in ">)]}":
            depth -= 1
            if depth == 0:
                return i
    return len(text)


def strip_generics(path):
    """`a::B<X, Y>::c::<Z>` -> `a::B::c`."""
    out, i = [], 0
    while i < len(path):
        if path[i] == "<":
            i = closing(path, i) + 1
            continue
        out.append(path[i])
        i += 1
    return re.sub(r"::(::)+", "::", "".join(out)).rstrip(":")


def parse(name):
    """A demangled name as (self type, trait, rest), e.g. `<A<T> as B>::c::<D>`
    -> ("A<T>", "B", "c::<D>"); a path `a::b` -> (None, None, "a::b")."""
    if name.startswith("<"):
        end = closing(name, 0)
        inner = name[1:end]
        rest = name[end + 1 :].lstrip(":")
        parts = split_top(inner, " as ")
        return parts[0], (parts[1] if len(parts) > 1 else None), rest
    return None, None, name


def normalize(name):
    """The API key of a demangled function name, or None (closures, shims, or
    not the form of a core item)."""
    self_type, trait, rest = parse(name)
    method = strip_generics(rest)
    if "{" in method:
        return None
    if self_type is None:
        return (None, None, method)
    if not self_type.startswith("plateau::"):
        return None
    if "::" in method:
        return None
    return (strip_generics(self_type), strip_generics(trait) if trait else None, method)


def is_core_function(name, trait_impls):
    """Whether a demangled function name is code of the core (where the walk stops)."""
    self_type, trait, rest = parse(name)
    if self_type is None:
        return rest.startswith("plateau::")
    if trait is None:
        return self_type.startswith("plateau::")
    if trait.startswith("plateau::"):
        return True
    return (strip_generics(self_type), strip_generics(trait)) in trait_impls


# The capacities every const parameter must be probed at: 0 to 3, where
# the edges are, and an odd one above (a panic at one capacity only).
CAPACITIES = (0, 1, 2, 3)


def capacities_missing(values):
    """What of 0, 1, 2, 3 and "an odd value of 5 or more" `values` lack."""
    numbers = set()
    for v in values:
        m = re.match(r"^(\d+)", v)
        if m:
            numbers.add(int(m.group(1)))
    missing = [str(c) for c in CAPACITIES if c not in numbers]
    if not any(n >= 5 and n % 2 == 1 for n in numbers):
        missing.append("an odd value of 5 or more")
    return missing


def const_args(name, type_path, position, default):
    """The values of the const parameter at `position` (among the type and
    const parameters) with which `name` mentions `type_path`."""
    prefix = "::".join(type_path)
    values = set()
    for m in re.finditer(re.escape(prefix) + r"(?=[<>,:\] ]|$)", name):
        end = m.end()
        args = []
        if end < len(name) and name[end] == "<":
            args = [a.strip() for a in split_top(name[end + 1 : closing(name, end)], ",")]
        args = [a for a in args if not a.startswith("'")]
        if position < len(args):
            values.add(args[position])
        elif default is not None:
            # A default parameter (`Deal` is `Deal<1>`) is left out of the name.
            values.add(str(default))
    return values


def fn_const_args(name, key, position):
    """The values of the const parameter at `position` (in its turbofish)
    with which `name` is the const-generic function `key`."""
    if normalize(name) != key:
        return set()
    _, _, rest = parse(name)
    m = re.search(r"::<([^<>]*)>$", rest)
    if not m:
        return set()
    args = [a.strip() for a in m.group(1).split(",")]
    return {args[position]} if position < len(args) else set()


# --- the probe's references, from its relocations ------------------------------


def run(tool, *args):
    return subprocess.run([tool, *args], check=True, capture_output=True, text=True).stdout


def reached_core_functions(elf, tools, api):
    nm = run(f"{tools}/llvm-nm", "-S", "-n", "-C", "--defined-only", elf)
    starts, ends, names = [], [], []
    for line in nm.splitlines():
        fields = line.split(" ", 3)
        if len(fields) == 4:
            addr, size, _, name = fields
            size = int(size, 16)
        elif len(fields) == 3:
            addr, _, name = fields
            size = 0
        else:
            continue
        starts.append(int(addr, 16))
        ends.append(int(addr, 16) + size)
        names.append(name)

    def containing(addr):
        i = bisect.bisect_right(starts, addr) - 1
        # The last symbol at or before the address; sizes may be 0 (labels).
        while i >= 0 and ends[i] > starts[i] and addr >= ends[i]:
            i -= 1
        return names[i] if i >= 0 else None

    edges = defaultdict(set)
    relocs = run(f"{tools}/llvm-readobj", "--elf-output-style=GNU", "-r", "--wide", "-C", elf)
    for line in relocs.splitlines():
        m = re.match(r"^([0-9a-f]{8,16})\s+[0-9a-f]+\s+(\S+)\s+([0-9a-f]+)\s+(.*)$", line)
        if not m:
            continue
        offset, _, value, target = m.groups()
        source = containing(int(offset, 16))
        target = target.split(" + ")[0].strip()
        if not target or target.startswith(".") and not target.startswith(".L"):
            target = containing(int(value, 16) & ~1)
        if source and target:
            edges[source].add(target)

    entry = "plateau_panic_probe::__cortex_m_rt_main"
    if entry not in edges:
        sys.exit(f"panic probe coverage: no references from {entry} in {elf}")
    trait_impls = api["trait_impls"]
    seen, todo, core = {entry}, [entry], set()
    while todo:
        node = todo.pop()
        for target in edges.get(node, ()):
            if target in seen:
                continue
            seen.add(target)
            if is_core_function(target, trait_impls):
                core.add(target)
            else:
                todo.append(target)
    return core


if __name__ == "__main__":
    main()
