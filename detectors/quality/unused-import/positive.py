import os  # expect: unused-import
import sys

def f():
    return sys.argv
