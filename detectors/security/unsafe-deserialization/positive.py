import pickle, yaml

def load(blob, text):
    a = pickle.loads(blob)  # expect: unsafe-deserialization
    b = yaml.load(text)  # expect: unsafe-deserialization
    return a, b


from pickle import loads as unpickle_bytes, Unpickler
from yaml import load
import pandas as pd
import numpy as np
import joblib
import jsonpickle
import dill as dl


def load_more(blob, text, path, handle):
    a = dl.loads(blob)  # expect: unsafe-deserialization
    b = load(text)  # expect: unsafe-deserialization
    c = Unpickler(handle).load()  # expect: unsafe-deserialization
    d = pd.read_pickle(path)  # expect: unsafe-deserialization
    e = np.load(path, allow_pickle=True)  # expect: unsafe-deserialization
    f = joblib.load(path)  # expect: unsafe-deserialization
    g = jsonpickle.decode(text)  # expect: unsafe-deserialization
    return a, b, c, d, e, f, g


def load_upload(path):
    with open(path, "rb") as f:
        return pickle.load(f)  # expect: unsafe-deserialization
