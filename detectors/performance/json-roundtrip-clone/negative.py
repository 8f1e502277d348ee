import copy
import json


def snapshot(state):
    return copy.deepcopy(state), json.dumps(state)
