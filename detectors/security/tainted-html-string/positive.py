import flask
from django.shortcuts import render
from django.views.generic import TemplateView

app = flask.Flask(__name__)


def lambda_handler(event, context):
    response = {}
    link = '<a href="https://example.com/abc/%s">Check</a>'
    response["html1"] = link % event["input"]  # expect: tainted-html-string
    response["html2"] = '<a href="https://example.com/abc/' + event["input"] + '">Check</a>'  # expect: tainted-html-string
    template = "<div class='note'>{}</div>"
    response["html3"] = template.format(event["input"])  # expect: tainted-html-string
    return {"statusCode": 200, "body": response}


class ProfileView(TemplateView):
    template_name = "profile.html"

    def get(self, request, *args, **kwargs):
        context = self.get_context_data()
        text = request.GET["text"]
        context["html"] = f'<a href="/users/{text}">Profile</a>'  # expect: tainted-html-string
        return render(request, self.template_name, context)


@app.route("/models/<model>")
def load_model(model):
    page = "<body style='margin: 0px'><entity model='{}'></entity></body>".format(model)  # expect: tainted-html-string
    return flask.render_template("shell.html", inner=page)


def banner_handler(event, context):
    publish(f"<div class='banner'>{event['input']}</div>")  # expect: tainted-html-string
    return {"statusCode": 204}
