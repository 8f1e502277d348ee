from flask import redirect, request, url_for
from django.utils.http import url_has_allowed_host_and_scheme


def login_done():
    return redirect(url_for("index"))


def logout(request):
    target = request.GET.get("next", "/")
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        target = "/"
    return redirect(target)


def home():
    return redirect("/home")


def shortcut(request, domain, path):
    protocol = request.scheme
    return redirect("%s://%s%s" % (protocol, domain, path))  # audit: open-redirect


PAGES = {"/home", "/profile"}


def after_login(request):
    target = request.args.get("next")
    return redirect(target if target in PAGES else "/home")


class LoginHandler(tornado.web.RequestHandler):
    def get(self):
        self.redirect("/home")


async def aio_login(request):
    form = await request.post()
    raise web.HTTPFound("/items/" + form["id"])


async def sanic_home(request):
    return response.redirect("/home")


def login_next(request):
    from django.utils.http import url_has_allowed_host_and_scheme
    target = request.POST.get("next")
    safe = url_has_allowed_host_and_scheme(url=target, allowed_hosts={request.get_host()})
    if safe:
        return HttpResponseRedirect(target)
    return HttpResponseRedirect("/")


def save_and_stay(request):
    # Back to the path this request came in on: this site's own.
    if request.method == "POST":
        return redirect(request.path + "?saved=1")
    return HttpResponseRedirect(request.get_full_path())


def keyword_fixed(request):
    from flask import redirect
    return redirect(location="/home", code=request.args["code"])


def to_login(request):
    # Past the `?`, the request's values only fill the query of a URL the code chose.
    return HttpResponseRedirect("%s?%s" % (settings.LOGIN_URL, request.META["QUERY_STRING"]))


def to_login_next(request):
    return HttpResponseRedirect(f"{settings.LOGIN_URL}?next={request.GET['next']}")


def to_search(request):
    return HttpResponseRedirect(settings.SEARCH_URL + "?q=" + request.GET["q"])


def on_this_host(request):
    # Built after a prefix that names the host, the value is a path on it.
    target = "https://example.com/" + request.GET["page"]
    return HttpResponseRedirect(target)


def on_this_host_formatted(request):
    page = request.GET["page"]
    first = "https://example.com/{}".format(page)
    second = f"/docs/{page}"
    third = "/users/%s" % page
    return HttpResponseRedirect(first or second or third)


def relative_only(request):
    target = request.GET["next"].replace("\\", "/")
    if not urlparse(target).netloc:
        return HttpResponseRedirect(target)
    if yarl.URL(target).is_absolute():
        return HttpResponseRedirect("/")
    return HttpResponseRedirect(target)


def same_host(request):
    target = request.GET["next"].replace("\\", "/")
    if urlparse(target).netloc not in ["", request.get_host()]:
        return HttpResponseRedirect("/")
    return HttpResponseRedirect(target)


def on_this_host_appended(request):
    target = "https://example.com/"
    target += request.GET["page"]
    return HttpResponseRedirect(target)


def weather(request):
    response = {"status": "ok"}
    response["location"] = request.GET.get("city", "")
    return response


def django_home(request):
    from django.http import HttpResponse
    response = HttpResponse(status=302)
    response["Location"] = "/home"
    return response
