import ast

def calc(request):
    return ast.literal_eval(request.GET["expr"])


def restore(cache_value):
    import pickle

    return pickle.loads(cache_value)  # audit: code-injection


class Questioner:
    # Every call fills `default` with a constant or leaves its constant default.
    def _ask_default(self, default=""):
        code = default or "None"
        return eval(code)

    def ask(self):
        self._ask_default()
        return self._ask_default(default="timezone.now")


PLUGINS = {"csv": "exports.csv", "pdf": "exports.pdf"}


def plugin(request, dotted_path):
    module = importlib.import_module(PLUGINS.get(request.args["plugin"], "exports.csv"))
    loaded = importlib.import_module(dotted_path)
    handler = getattr(module, "run")
    return handler(), getattr(loaded, dotted_path.rsplit(".", 1)[-1])


from dill import dumps, loads


def round_trip(request):
    # What `dumps` just wrote is the request's text again, not code.
    return loads(dumps(request.args["name"]))


def loads_of_our_own(request):
    from json import loads

    return loads(request.body)


def restore_weights(request):
    import torch
    return torch.load(request.files["model"], weights_only=True)


def forward(request):
    handler = globals().get("view_" + request.GET.get("fwd", "index"))
    fallback = globals().get("index")
    return (handler or fallback)(request)
