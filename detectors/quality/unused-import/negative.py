import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    pass

def f():
    return sys.argv

try:
    from PIL import Image  # NOQA
except ImportError:
    HAS_PIL = False

import json  # pylint: disable=unused-import
