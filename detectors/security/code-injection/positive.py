def calc(request):
    expr = request.GET["expr"]
    return eval(expr)  # expect: code-injection


def restore(request):
    import pickle

    return pickle.loads(request.body)  # expect: code-injection
