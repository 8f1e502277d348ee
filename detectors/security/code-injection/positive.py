def calc(request):
    expr = request.GET["expr"]
    return eval(expr)  # expect: code-injection


def restore(request):
    import pickle

    return pickle.loads(request.body)  # expect: code-injection


class Shell:
    # One call passes something that is not a constant: callers decide.
    def _run(self, code=""):
        return eval(code)  # expect: code-injection

    def start(self, line):
        self._run("1 + 1")
        return self._run(line)


def restore(request):
    import jsonpickle
    return jsonpickle.decode(request.data)  # expect: code-injection


def plugin(request):
    module = importlib.import_module(request.args["plugin"])  # expect: code-injection
    return module.run()


from dill import loads as undill
import _pickle


def restore_imported(request):
    undill(request.data)  # expect: code-injection
    return _pickle.load(request.files["state"])  # expect: code-injection


def restore_model(request):
    import torch
    import pandas as pd
    from pickle import Unpickler
    model = torch.load(request.files["model"])  # expect: code-injection
    frame = pd.read_pickle(request.files["frame"])  # expect: code-injection
    state = Unpickler(request.files["state"]).load()  # expect: code-injection
    return model, frame, state


def forward(request):
    handler = globals().get(request.GET.get("fwd"))  # expect: code-injection
    return handler(request) if handler else None


def keyword_yaml(request):
    import yaml
    return yaml.load(stream=request.data, Loader=yaml.Loader)  # expect: code-injection
