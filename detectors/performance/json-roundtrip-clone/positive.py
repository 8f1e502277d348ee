import json


def snapshot(state):
    return json.loads(json.dumps(state))  # expect: json-roundtrip-clone
