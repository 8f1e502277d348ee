from django.utils.safestring import mark_safe
from markupsafe import Markup
from jinja2 import Environment


def greet(user):
    return mark_safe(f"<b>{user.name}</b>")  # expect: xss-sink


def row(cells):
    return Markup("<td>" + "</td><td>".join(cells) + "</td>")  # expect: xss-sink


def link(url):
    return mark_safe("<a href='{}'>go</a>".format(url))  # expect: xss-sink


env = Environment(autoescape=False)  # expect: xss-sink
page = jinja2.Template("<p>{{ name }}</p>", autoescape=False)  # expect: xss-sink


def site_environment():
    from jinja2 import FileSystemLoader
    return Environment(loader=FileSystemLoader("templates"))  # audit: xss-sink


def inline_page(source):
    import jinja2
    return jinja2.Template(source)  # audit: xss-sink
