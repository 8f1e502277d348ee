from django.http import HttpResponse
from django.utils.safestring import mark_safe
from markupsafe import Markup
from flask import Flask, request

app = Flask(__name__)


@app.route("/hello")
def hello():
    name = request.args.get("name", "")
    return f"<h1>Hello {name}</h1>"  # expect: reflected-xss


def search(request):
    return HttpResponse("<p>No results for " + request.GET["q"] + "</p>")  # expect: reflected-xss


@app.route("/card")
def card():
    return "<b>{}</b>".format(request.args["name"])  # expect: reflected-xss


@app.route("/banner")
def banner():
    return Markup(request.args["banner"])  # expect: reflected-xss


def note(request):
    text = request.POST["note"]
    return mark_safe(text)  # expect: reflected-xss


class GreetHandler(tornado.web.RequestHandler):
    def get(self):
        self.write("<b>" + self.get_argument("q") + "</b>")  # expect: reflected-xss


async def sanic_hello(request):
    name = request.args.get("name")
    return response.html("<h1>" + name + "</h1>")  # expect: reflected-xss


def profile_bio(profile):
    return mark_safe(profile.bio_html)  # audit: reflected-xss


def notify_staff(request):
    from django.core.mail import EmailMessage, EmailMultiAlternatives, send_mail

    body = request.POST.get("body")
    email = EmailMessage("News", body, "noreply@example.com", ["staff@example.com"])  # expect: reflected-xss
    email.content_subtype = "html"
    email.send()
    send_mail("News", "see the HTML part", "noreply@example.com", ["staff@example.com"], html_message=body)  # expect: reflected-xss
    alt = EmailMultiAlternatives("News", "plain", "noreply@example.com", ["staff@example.com"])
    alt.attach_alternative(body, "text/html")  # expect: reflected-xss
    alt.send()


def lambda_handler(event, context):
    html = f"<div>{event['queryStringParameters']['name']}</div>"
    result = {
        "statusCode": 200,
        "body": html,  # expect: reflected-xss
        "headers": {"Content-Type": "text/html"},
    }
    return result


@app.route("/quoted")
def quoted():
    query = request.args.get("q")
    if query:
        query = '"{0}"'.format(query.strip())
    else:
        query = '""'
    return render_template("search.html", query=Markup(query))  # expect: reflected-xss


def lookup(request):
    from django.http import HttpResponseBadRequest, HttpResponseNotFound

    user = request.GET.get("user", "")
    if len(user) > 30:
        return HttpResponseBadRequest("no such user: {}".format(user))  # expect: reflected-xss
    return HttpResponseNotFound(f"<p>{user} is gone</p>")  # expect: reflected-xss


def keyword_body(request):
    from django.http import HttpResponse
    return HttpResponse(content="<p>" + request.GET["q"] + "</p>")  # expect: reflected-xss


def flask_body(request):
    from flask import Response
    return Response(response="<p>" + request.args["q"] + "</p>")  # expect: reflected-xss


import bottle


@bottle.route("/hello")
def bottle_hello():
    name = bottle.request.query.get("name")
    return "<h1>Hello " + name + "</h1>"  # expect: reflected-xss
