from django.utils.html import format_html, escape
from django.utils.safestring import mark_safe
from jinja2 import Environment


def greet(user):
    return format_html("<b>{}</b>", user.name)


def icon():
    return mark_safe("<i class='icon'></i>")


def escaped(value):
    return mark_safe(escape(value))


env = Environment(autoescape=True)
