from flask import render_template_string, request
from jinja2 import Environment, Template


def greet():
    return render_template_string("Hello " + request.args["name"])  # expect: template-injection


def preview(request):
    body = request.POST["template"]
    return Template(body).render()  # expect: template-injection


def custom(store):
    return Environment().from_string(store.template_text())  # audit: template-injection


def bottle_hello():
    from bottle import template, request
    return template("<p>Hello " + request.query.name + "</p>")  # expect: template-injection


def keyword_template(request):
    from flask import render_template_string
    return render_template_string(source=request.args["t"])  # expect: template-injection
