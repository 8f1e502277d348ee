def calc(request):
    expr = request.GET["expr"]
    return eval(expr)  # expect: code-injection
