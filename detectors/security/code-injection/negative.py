import ast

def calc(request):
    return ast.literal_eval(request.GET["expr"])


def restore(cache_value):
    import pickle

    return pickle.loads(cache_value)
