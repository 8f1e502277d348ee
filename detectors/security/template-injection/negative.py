from flask import render_template_string, request
from jinja2 import Environment

PAGE = "<p>{{ name }}</p>"


def greet():
    return render_template_string("Hello {{ name }}", name=request.args["name"])


def page():
    return Environment(autoescape=True).from_string(PAGE).render(name=request.args["n"])


def bottle_page():
    from bottle import template, request
    return template("hello.tpl", name=request.query.name)
