from flask import make_response, request


def tagged():
    response = make_response("ok")
    response.headers["X-Tag"] = request.args["tag"]  # expect: header-injection
    return response


class Traced:
    def get(self):
        self.set_header("X-Trace", self.request.headers.get("X-Trace"))  # expect: header-injection
