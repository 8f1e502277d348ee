import ast

def calc(request):
    return ast.literal_eval(request.GET["expr"])
