"""Exercises every Python pattern: the query tests require each to match here."""
import os.path
import collections.abc as abc
from . import sibling
from ..pkg.mod import name, other as alias
from .star import *
from typing import Optional

__all__ = ["Service", "helper"]


class Base:
    pass


class Typed(Base[int], abc.Mapping[str, int]):
    pass


class Service(Base, abc.Mapping):
    """A service."""

    registry: dict

    def __init__(self, db: "Database", retries: int = 3):
        self.db = Database()
        self.cache: Optional[Cache] = None
        if retries and db:
            for attempt in range(retries):
                while attempt:
                    attempt -= 1
        try:
            with open("x") as handle:
                handle.read()
        except OSError:
            pass
        value = 1 if retries else 2
        items = [x for x in range(3) if x]
        match value:
            case 1:
                pass
        elif_value = helper()
        self.db.commit()
        os.path.join("a", "b")


def helper():
    if True:
        pass
    elif False:
        pass
    return Service(None)
