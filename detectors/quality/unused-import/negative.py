import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    pass

def f():
    return sys.argv
