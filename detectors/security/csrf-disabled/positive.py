from django.views.decorators.csrf import csrf_exempt


@csrf_exempt  # expect: csrf-disabled
def transfer(request):
    return None


WTF_CSRF_ENABLED = False  # expect: csrf-disabled


def relax(app):
    app.config.WTF_CSRF_ENABLED = False  # expect: csrf-disabled
