from flask import make_response, request


def tagged():
    response = make_response("ok")
    response.headers["X-Tag"] = "fixed"
    response.headers["X-Count"] = str(int(request.args["n"]))
    return response
