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
