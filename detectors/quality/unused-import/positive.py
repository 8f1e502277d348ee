import os  # expect: unused-import
import sys

def f():
    return sys.argv

import re  # pylint: disable=invalid-name  # expect: unused-import
