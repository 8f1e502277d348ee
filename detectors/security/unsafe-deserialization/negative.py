import json, yaml

def load(blob, text):
    a = json.loads(blob)
    b = yaml.load(text, Loader=yaml.SafeLoader)
    return a, yaml.safe_load(text), b

def copy(value):
    import pickle

    return pickle.loads(pickle.dumps(value))
