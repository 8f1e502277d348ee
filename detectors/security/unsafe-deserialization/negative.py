import json, pickle, yaml

def load(blob, text):
    a = json.loads(blob)
    b = yaml.load(text, Loader=yaml.SafeLoader)
    return a, yaml.safe_load(text), b

def copy(value):
    import pickle

    return pickle.loads(pickle.dumps(value))


from yaml import load, SafeLoader
import numpy as np
import pandas as pd
import base64


def read_settings(text, path, token):
    a = load(text, Loader=SafeLoader)
    b = np.load(path)
    c = pd.read_csv(path)
    d = base64.b64decode(token)
    with open(path) as f:
        e = f.read()
    return a, b, c, d, e


import _pickle


def fixed_payloads():
    a = _pickle.loads(b"\x80\x04K\x01.")
    blob = b"\x80\x04K\x02."
    b = _pickle.loads(blob)
    return a, b, _pickle.loads(_pickle.dumps([1, 2, 3]))


def load_model():
    # The application's own file, at its own path.
    with open("/var/app/model.pkl", "rb") as f:
        return pickle.load(f)
