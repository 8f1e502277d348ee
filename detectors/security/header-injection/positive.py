from flask import make_response, request


def tagged():
    response = make_response("ok")
    response.headers["X-Tag"] = request.args["tag"]  # expect: header-injection
    return response


class Traced:
    def get(self):
        self.set_header("X-Trace", self.request.headers.get("X-Trace"))  # expect: header-injection


def named_by_the_request():
    from werkzeug.datastructures import Headers
    headers = Headers()
    headers.add(request.args["name"], "on")  # expect: header-injection
    extra = {request.args["name"]: "on"}
    response = make_response("ok", 200, extra)  # expect: header-injection
    response.headers.extend(extra)  # expect: header-injection
    return response
