from functools import partialmethod


def contribute(cls, field):
    cls.get_next = partialmethod(cls._get_next_or_previous, field=field, is_next=True)
    return cls._next
