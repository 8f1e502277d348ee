from pathlib import Path

from django.core.mail import EmailMessage, EmailMultiAlternatives, send_mail
from django.http import FileResponse

REPORTS = Path("/srv/reports")


def announce(request):
    body = request.POST["body"]
    # ruleid: xss
    send_mail("News", "See the HTML part.", "news@example.com", ["all@example.com"], html_message=body)
    # ruleid: xss
    message = EmailMessage("News", body, "news@example.com", ["all@example.com"])
    message.content_subtype = "html"
    message.send()
    alternative = EmailMultiAlternatives("News", "plain", "news@example.com", ["all@example.com"])
    # ruleid: xss
    alternative.attach_alternative(body, "text/html")
    alternative.send()


def plain_notice(request):
    body = request.POST["body"]
    # ok: xss
    send_mail("Notice", body, "news@example.com", ["all@example.com"])


def report(request):
    name = request.GET["name"]
    # ruleid: path
    return FileResponse(open(REPORTS / name, "rb"))


def latest_report(request):
    # ok: path
    return FileResponse(open(REPORTS / "latest.pdf", "rb"))


def report_text(request):
    name = request.GET["name"]
    # ruleid: path
    return (REPORTS / name).read_text()
