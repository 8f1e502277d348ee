from django.views.decorators.csrf import csrf_protect


@csrf_protect
def transfer(request):
    return None


WTF_CSRF_ENABLED = True


def strict(app):
    app.config.WTF_CSRF_ENABLED = True
