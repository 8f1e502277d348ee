import typing as t

import b

if t.TYPE_CHECKING:
    from d import Helper


def use(helper: "Helper") -> int:
    return b.__name__.count("b") + helper.size
