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
