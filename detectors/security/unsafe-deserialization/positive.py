import pickle, yaml

def load(blob, text):
    a = pickle.loads(blob)  # expect: unsafe-deserialization
    b = yaml.load(text)  # expect: unsafe-deserialization
    return a, b
