import html

import flask

app = flask.Flask(__name__)


def lambda_handler(event, context):
    response = {}
    print(f"<div>{event['input']}</div>")
    fixed = '<a href="https://example.com/abc/{}">Check</a>'
    response["fixed"] = fixed.format("123")
    response["message"] = "Data: [" + event["input"] + "]"
    response["escaped"] = "<p>%s</p>" % html.escape(event["input"])
    response["count"] = "<p>%d items</p>" % int(event["count"])
    return {"statusCode": 200, "body": response}


@app.route("/hello")
def hello():
    # Returned from a view: `reflected-xss` reports it, once.
    return "<p>Hello, %s</p>" % flask.request.args["name"]


def source_link(request):
    msg = "See"
    msg += ' (<a href="{}" rel="noopener">{}</a>)'.format(request.build_absolute_uri("/source"), "source")
    return msg


def main():
    import sys

    usage = "usage: %s <input> <output>" % sys.argv[0]
    print(usage)


def usage(name):
    # A parameter: its callers decide.
    return "<b>" + name + "</b>"


def echo_handler(event, context):
    import logging

    print(f"<div>{event['input']}</div>")
    logging.getLogger(__name__).info("<b>%s</b>" % event["input"])
    publish("<div>%s</div>" % len(event["input"]))
    return {"statusCode": 204}
