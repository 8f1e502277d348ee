from markupsafe import escape
from flask import Flask, render_template, request

app = Flask(__name__)


@app.route("/hello")
def hello():
    name = escape(request.args.get("name", ""))
    return f"<h1>Hello {name}</h1>"


@app.route("/page")
def page():
    return render_template("page.html", name=request.args["name"])


def title(book):
    return f"<h1>{book.title}</h1>"


def next_url(request):
    # Not a view: the string is a URL for a redirect, not a response body.
    return "%s?%s" % (request.path, request.META["QUERY_STRING"])


@app.route("/card")
def card():
    from markupsafe import Markup
    return Markup("<b>{}</b>").format(request.args["name"])


@app.route("/banner")
def banner():
    from markupsafe import Markup
    return Markup("<b>Welcome</b>")


@app.route("/escaped")
def escaped():
    from markupsafe import Markup
    return Markup(escape(request.args["banner"]))


class GreetHandler(tornado.web.RequestHandler):
    def get(self):
        self.write("<b>" + html.escape(self.get_argument("q")) + "</b>")
        self.write({"q": int(self.get_argument("q"))})


async def sanic_page(request):
    return response.html("<h1>Welcome</h1>")


def echo_text(request):
    return HttpResponse("You said " + request.GET["text"], content_type="text/plain")


def fixed_banner():
    from django.utils.safestring import mark_safe
    from django.utils.html import format_html
    return mark_safe(format_html("<b>{}</b>", "hello")), mark_safe("<hr>")


def notify_plain(request):
    from django.core.mail import EmailMessage, send_mail

    body = request.POST.get("body")
    EmailMessage("News", body, "noreply@example.com", ["staff@example.com"]).send()
    send_mail("News", body, "noreply@example.com", ["staff@example.com"])


def lambda_handler(event, context):
    name = event["queryStringParameters"]["name"]
    # JSON, not HTML: the client renders it as data.
    return {
        "statusCode": 200,
        "body": json.dumps({"greeting": "Hello " + name}),
        "headers": {"Content-Type": "application/json"},
    }


@app.route("/sorted")
def sorted_by():
    order = request.args.get("order")
    if order not in ("asc", "desc"):
        order = "asc"
    return render_template("list.html", order=Markup(order))


def lookup(request):
    from django.http import HttpResponseBadRequest
    from django.utils.html import escape

    user = request.GET.get("user", "")
    if not user:
        return HttpResponseBadRequest("user is not given")
    return HttpResponseBadRequest("no such user: {}".format(escape(user)))


def keyword_plain(request):
    from django.http import HttpResponse
    return HttpResponse(content=request.GET["q"], content_type="text/plain")


import bottle


@bottle.route("/hello")
def bottle_hello():
    name = bottle.request.query.get("name")
    return "<h1>Hello " + bottle.html_escape(name) + "</h1>"


@bottle.route("/count")
def bottle_count():
    # A module of ours that happens to hold a `request` is not the framework's.
    import jobs
    return "<p>" + jobs.request.text + "</p>"
