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


def cells(values):
    escaped = [conditional_escape(v) for v in values]
    return mark_safe("<td>" + "</td><td>".join(escaped) + "</td>")


def render(renderer, context):
    return mark_safe(renderer.render("row.html", context))


def render_project_file(template, context):
    # Rendering Python source, not HTML: escaping would corrupt it.
    from django.template import Context
    return template.render(Context(context, autoescape=False))


def escaping_environment():
    from jinja2 import Environment, FileSystemLoader, select_autoescape
    return Environment(loader=FileSystemLoader("templates"), autoescape=select_autoescape())


def simulation():
    import simpy
    return simpy.Environment()


def configured(options):
    from jinja2 import Environment
    return Environment(**options)


def greeting(name):
    from string import Template
    return Template("Hello $name").substitute(name=name)
