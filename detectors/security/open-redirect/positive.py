from flask import redirect, request
from django.http import HttpResponseRedirect


def login_done():
    return redirect(request.args["next"])  # expect: open-redirect


def logout(request):
    target = request.GET.get("next")
    return HttpResponseRedirect(target)  # expect: open-redirect


def resume(session_store):
    return redirect(session_store.last_page())  # audit: open-redirect


def after_logout(request):
    target = request.args.get("next")
    return redirect(target if target not in PAGES else "/home")  # expect: open-redirect


class LoginHandler(tornado.web.RequestHandler):
    def get(self):
        self.redirect(self.get_argument("next"))  # expect: open-redirect


async def aio_login(request):
    form = await request.post()
    raise web.HTTPFound(form["next"])  # expect: open-redirect


async def sanic_out(request):
    return response.redirect(request.args.get("to"))  # expect: open-redirect


def login_other(request):
    from django.utils.http import url_has_allowed_host_and_scheme
    target = request.POST.get("next")
    home = "/home"
    safe = url_has_allowed_host_and_scheme(url=home, allowed_hosts={request.get_host()})
    if safe:
        return HttpResponseRedirect(target)  # expect: open-redirect


def keyword_redirect(request):
    from flask import redirect
    return redirect(location=request.args["next"])  # expect: open-redirect


def starlette_redirect(request):
    from starlette.responses import RedirectResponse
    return RedirectResponse(url=request.query_params["next"])  # expect: open-redirect


def back_with_marker(request):
    # The value comes before the query: it picks where the browser goes.
    return HttpResponseRedirect(request.GET["next"] + "?from=login")  # expect: open-redirect


def parsed_without_backslashes(request):
    # `\\evil.com` has no netloc to Python and a host to a browser.
    target = request.GET["next"]
    if not urlparse(target).netloc:
        return HttpResponseRedirect(target)  # expect: open-redirect
    return HttpResponseRedirect("/")


def host_checked_the_wrong_way(request):
    target = request.GET["next"].replace("\\", "/")
    if urlparse(target).netloc != "":
        return HttpResponseRedirect(target)  # expect: open-redirect
    return HttpResponseRedirect("/")


def anywhere_appended(request):
    target = "https://"
    target += request.GET["host"]
    return HttpResponseRedirect(target)  # expect: open-redirect


def django_by_hand(request):
    from django.http import HttpResponse
    response = HttpResponse(status=302)
    response["Location"] = request.GET.get("next", "/")  # expect: open-redirect
    return response


def flask_by_hand():
    from flask import Response
    response = Response("redirecting…", 302)
    response.headers["location"] = request.args["next"]  # expect: open-redirect
    return response
