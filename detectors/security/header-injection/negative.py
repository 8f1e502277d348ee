from flask import make_response, request


def tagged():
    response = make_response("ok")
    response.headers["X-Tag"] = "fixed"
    response.headers["X-Count"] = str(int(request.args["n"]))
    return response


def named_here():
    from werkzeug.datastructures import Headers
    headers = Headers()
    headers.add("X-Mode", "on")
    name = request.args["name"]
    response = make_response("ok", {name.replace("\n", "").replace("\r", ""): "on"})
    response.headers.extend({"X-Mode": "on"})
    return response
